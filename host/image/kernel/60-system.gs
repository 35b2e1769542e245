! gs-mcp kernel class library, part 60: the session and the system.
! System (transactions, session facts), UserProfile, UserProfileSet (the
! class of AllUsers), SymbolList, GsSession, SessionTemps, ClassOrganizer,
! and the classes that reach
! outside the image (GsFile, GsSocket, GsHostProcess), which exist so code
! naming them compiles and which signal an Error when used here.
! Primitive numbers (130-147) are specified in PRIMITIVES.md beside this file;
! where each GemStone fact comes from is listed in README.md.
set compile_env: 0

doit
Object subclass: 'System'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
System comment: 'System answers class-side messages about the current session: its transaction (commitTransaction, abortTransaction, beginTransaction, needsCommit, transactionConflicts), its user (myUserProfile), and facts about the session and the repository (session, stoneName, gemVersionAt:, stoneVersionAt:). It has no instances.'
%
doit
System category: 'Kernel-System'
%

doit
Object subclass: 'UserProfile'
  instVarNames: #( userId)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
UserProfile comment: 'A UserProfile describes one user of the repository: the user id and the symbol list, the ordered SymbolDictionaries in which the names in that user''s code are looked up. System myUserProfile answers the current user''s; changing its symbol list (insertDictionary:at:, removeDictionary:) changes where the session looks names up.'
%
doit
UserProfile category: 'Kernel-System'
%

doit
Object subclass: 'UserProfileSet'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
UserProfileSet comment: 'UserProfileSet is the class of AllUsers, the set of every UserProfile of the repository: userWithId: answers a user''s profile.'
%
doit
UserProfileSet category: 'Kernel-System'
%

doit
Array indexableSubclass: 'SymbolList'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
SymbolList comment: 'A SymbolList is the ordered list of SymbolDictionaries a session looks names up in, first to last. System myUserProfile symbolList answers the session''s own, whose dictionaries are the image''s: names, objectNamed:, resolveSymbol: and dictionaryAndSymbolOf: search them in order, and the changes it is sent (add:, insertObject:at:, removeDictionaryNamed:) change the session''s list.'
%
doit
SymbolList category: 'Kernel-System'
%

doit
Object subclass: 'GsSession'
  instVarNames: #()
  classVars: #()
  classInstVars: #( current)
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
GsSession comment: 'A GsSession is a session of the repository; GsSession currentSession answers the one running this code, with its serialNumber, its userProfile and the symbolList it looks names up in.'
%
doit
GsSession category: 'Kernel-System'
%

doit
GsSession subclass: 'GsCurrentSession'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
GsCurrentSession comment: 'GsCurrentSession is the class of GsSession currentSession: the session running the code, as opposed to a session of another gem.'
%
doit
GsCurrentSession category: 'Kernel-System'
%

doit
SymbolDictionary subclass: 'SessionTemps'
  instVarNames: #()
  classVars: #()
  classInstVars: #( current)
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
SessionTemps comment: 'SessionTemps current is a SymbolDictionary private to the session: what it holds lasts as long as the session (across commits and aborts) and is never committed, nor seen by other sessions.'
%
doit
SessionTemps category: 'Kernel-System'
%

doit
Object subclass: 'ClassOrganizer'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ClassOrganizer comment: 'A ClassOrganizer answers questions about all the code of the repository: which methods implement or send a selector (implementorsOf:, sendersOf:), which methods refer to an object (referencesToObject:), and the class hierarchy (subclassesOf:, allSubclassesOf:, classNames). It answers from the image''s indexes, so the session''s own uncommitted code is included.'
%
doit
ClassOrganizer category: 'Kernel-System'
%

doit
Object subclass: 'GsFile'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
GsFile comment: 'In GemStone, GsFile reads and writes files on the server or the client. The embedded image has no file access: the class exists so that code naming it compiles, and every use signals an Error.'
%
doit
GsFile category: 'Kernel-System'
%

doit
Object subclass: 'GsSocket'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
GsSocket comment: 'In GemStone, GsSocket is a TCP socket. The embedded image has no network access: the class exists so that code naming it compiles, and every use signals an Error.'
%
doit
GsSocket category: 'Kernel-System'
%

doit
Object subclass: 'GsExternalSession'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
GsExternalSession comment: 'In GemStone, a GsExternalSession is a login to another gem, from Smalltalk. The embedded image has no other gems: the class exists so that code naming or subclassing it compiles, and every use signals an Error.'
%
doit
GsExternalSession category: 'Kernel-System'
%

doit
Object subclass: 'GsHostProcess'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
GsHostProcess comment: 'In GemStone, GsHostProcess runs a program of the host operating system. The embedded image cannot start programs: the class exists so that code naming it compiles, and every use signals an Error.'
%
doit
GsHostProcess category: 'Kernel-System'
%

! ------------------------------------------------------------------ System
removeallmethods System
removeallclassmethods System

category: 'transaction control'
classmethod: System
commitTransaction
  "Write the session's changes (code and the objects reachable from its symbol dictionaries) to the repository and start a new transaction. Answer true, or false when another session committed a conflicting change meanwhile (transactionConflicts then says which); after false the changes are kept, so the session can abort."
  ^self _commit
%
category: 'transaction control'
classmethod: System
abortTransaction
  "Discard the session's uncommitted changes and move to the newest committed view."
  self _abort
%
category: 'transaction control'
classmethod: System
beginTransaction
  "Start a new transaction. The embedded image's sessions are always in a transaction, so this is abortTransaction: uncommitted changes are discarded and the session sees the newest committed view."
  self _abort
%
category: 'clock'
classmethod: System
timeGmt
  "Answer the seconds since 1970-01-01 00:00:00 GMT by the host clock, an Integer."
  ^Time millisecondsSinceEpoch // 1000
%
category: 'transaction control'
classmethod: System
needsCommit
  "Answer whether the session has uncommitted changes."
  <primitive: 132>
  ^self primitiveFailed: #needsCommit
%
category: 'transaction control'
classmethod: System
transactionConflicts
  "Answer a SymbolDictionary describing the last commit: #commitResult is #success (also after an abort, or before any commit) or #failure; after a failure, #'Write-Write' holds an Array of Strings naming what this session and another both changed."
  | report result |
  report := self _conflictReport.
  result := SymbolDictionary new.
  result at: #commitResult put: (report at: 1).
  (report at: 2) isEmpty ifFalse: [result at: #'Write-Write' put: (report at: 2)].
  ^result
%
category: 'private'
classmethod: System
_commit
  <primitive: 130>
  ^self primitiveFailed: #commitTransaction
%
category: 'private'
classmethod: System
_abort
  <primitive: 131>
  ^self primitiveFailed: #abortTransaction
%
category: 'private'
classmethod: System
_conflictReport
  <primitive: 133>
  ^Array with: #success with: #()
%

category: 'session'
classmethod: System
session
  "Answer the session's number, a positive SmallInteger."
  <primitive: 134>
  ^self primitiveFailed: #session
%
category: 'session'
classmethod: System
stoneName
  "Answer the name of the repository, a String: the name of the test stone serving the image, else the name of the image file without its extension."
  <primitive: 135>
  ^self primitiveFailed: #stoneName
%
category: 'session'
classmethod: System
myUserProfile
  "Answer the UserProfile of the session's user."
  ^UserProfile new _userId: self _userId
%
category: 'version information'
classmethod: System
gemVersionAt: aString
  "Answer the value of the version fact aString, or nil when there is none. 'gsVersion' answers the GemStone/S 64 Bit version whose kernel this image follows (a String such as '3.7.5')."
  ^self _versionReport at: aString asSymbol ifAbsent: [nil]
%
category: 'version information'
classmethod: System
stoneVersionAt: aString
  "As gemVersionAt:: the embedded image is gem and stone at once."
  ^self gemVersionAt: aString
%
category: 'version information'
classmethod: System
gemVersionReport
  "Answer a SymbolDictionary of the version facts gemVersionAt: knows."
  ^self _versionReport
%
category: 'version information'
classmethod: System
stoneVersionReport
  ^self _versionReport
%
category: 'private'
classmethod: System
_versionReport
  | report |
  report := SymbolDictionary new.
  report at: #gsVersion put: '3.7.5'.
  report at: #gsRelease put: '3.7.5'.
  report at: #gsProduct put: 'GemStone/S 64 Bit (gs-mcp embedded image)'.
  ^report
%
category: 'private'
classmethod: System
_userId
  <primitive: 136>
  ^self primitiveFailed: #_userId
%
category: 'private'
classmethod: System
_userIds
  <primitive: 144>
  ^self primitiveFailed: #_userIds
%
category: 'private'
classmethod: System
_symbolListNames
  <primitive: 137>
  ^self primitiveFailed: #_symbolListNames
%
category: 'private'
classmethod: System
_dictionaryNamed: aSymbol
  "Answer the session's symbol dictionary named aSymbol (in its symbol list or not), or nil."
  <primitive: 138>
  ^nil
%
category: 'private'
classmethod: System
_sessionSymbolList
  "Answer a new SymbolList of the session's symbol dictionaries, in lookup order."
  | names list |
  names := self _symbolListNames.
  list := SymbolList new: names size.
  1 to: names size do: [:i | list at: i put: (self _dictionaryNamed: (names at: i))].
  ^list
%
category: 'private'
classmethod: System
_insertDictionary: aDictionary named: aSymbol at: anIndex
  "Put aDictionary into the session's symbol list at anIndex; a dictionary new to the image becomes its symbol dictionary aSymbol."
  <primitive: 139>
  (anIndex isKindOf: SmallInteger)
    ifFalse: [^ArgumentTypeError new signal: 'a symbol list index must be a SmallInteger, not ', anIndex printString].
  ^OffsetError new signal: 'index ', anIndex printString, ' is outside the symbol list (1 to ', (self _symbolListNames size + 1) printString, ')'
%
category: 'private'
classmethod: System
_removeDictionaryNamed: aSymbol
  "Take the dictionary aSymbol out of the session's symbol list (the dictionary itself stays in the image)."
  <primitive: 141>
  ^self primitiveFailed: #removeDictionary:
%
category: 'instance creation'
classmethod: System
new
  ^self shouldNotImplement
%

! ------------------------------------------------------------------ UserProfile
removeallmethods UserProfile
removeallclassmethods UserProfile

category: 'accessing'
method: UserProfile
userId
  "Answer the user's name, a String."
  ^userId
%
category: 'private'
method: UserProfile
_userId: aString
  userId := aString
%
category: 'private'
method: UserProfile
_isCurrent
  ^userId = System _userId
%
category: 'private'
method: UserProfile
_checkCurrent
  self _isCurrent
    ifFalse: [^Error new signal: 'the symbol list of user ', userId, ' cannot be reached from this session; log in as ', userId, ' to use it'].
  ^true
%
category: 'symbol list'
method: UserProfile
symbolList
  "Answer the user's SymbolList: the session's symbol dictionaries in lookup order."
  self _checkCurrent.
  ^System _sessionSymbolList
%
category: 'symbol list'
method: UserProfile
insertDictionary: aSymbolDictionary at: anIndex
  "Insert aSymbolDictionary into the symbol list at anIndex (1 puts it first, size + 1 last). A dictionary the image does not have yet must be named (SymbolDictionary new name: #App; yourself) and becomes the image's symbol dictionary of that name."
  | name |
  self _checkCurrent.
  (aSymbolDictionary isKindOf: SymbolDictionary)
    ifFalse: [^ArgumentTypeError new signal: 'insertDictionary:at: expects a SymbolDictionary, not ', aSymbolDictionary printString].
  name := aSymbolDictionary name.
  name == nil
    ifTrue: [^Error new signal: 'the dictionary has no name; send it name: (e.g. SymbolDictionary new name: #App; yourself) before inserting it'].
  System _insertDictionary: aSymbolDictionary named: name at: anIndex.
  "The image knows the dictionary by that name now; it does not bind itself."
  (aSymbolDictionary at: name ifAbsent: [nil]) == aSymbolDictionary
    ifTrue: [aSymbolDictionary removeKey: name].
  ^aSymbolDictionary
%
category: 'symbol list'
method: UserProfile
removeDictionary: aSymbolDictionary
  "Take aSymbolDictionary out of the symbol list."
  | index |
  index := self symbolList identityIndexOf: aSymbolDictionary.
  index = 0 ifTrue: [^NotFoundError new signal: 'the dictionary is not in the symbol list'].
  ^self removeDictionaryAt: index
%
category: 'symbol list'
method: UserProfile
removeDictionaryAt: anIndex
  "Take the dictionary at anIndex out of the symbol list and answer it."
  | list dict |
  list := self symbolList.
  ((anIndex isKindOf: SmallInteger) and: [anIndex between: 1 and: list size])
    ifFalse: [^OffsetError new signal: 'index ', anIndex printString, ' is outside the symbol list (1 to ', list size printString, ')'].
  dict := list at: anIndex.
  System _removeDictionaryNamed: dict name.
  ^dict
%
category: 'symbol list'
method: UserProfile
objectNamed: aSymbol
  "Answer the object the symbol list binds aSymbol to, or nil."
  ^self symbolList objectNamed: aSymbol
%
category: 'symbol list'
method: UserProfile
dictionaryAndSymbolOf: anObject
  "Answer what the user's symbol list answers: an Array of the first dictionary binding anObject (by identity) and the Symbol it binds it under, or nil."
  ^self symbolList dictionaryAndSymbolOf: anObject
%
category: 'symbol list'
method: UserProfile
resolveSymbol: aSymbol
  ^self symbolList resolveSymbol: aSymbol
%
category: 'symbol list'
method: UserProfile
dictionaryNames
  ^self symbolList names
%
category: 'printing'
method: UserProfile
printOn: aStream
  aStream nextPutAll: 'aUserProfile('; nextPutAll: userId printString; nextPut: $)
%
category: 'comparing'
method: UserProfile
= anObject
  ^(anObject isKindOf: UserProfile) and: [userId = anObject userId]
%
category: 'comparing'
method: UserProfile
hash
  ^userId hash
%

! ------------------------------------------------------------------ UserProfileSet
removeallmethods UserProfileSet
removeallclassmethods UserProfileSet

category: 'accessing'
method: UserProfileSet
userWithId: aString
  "Answer the UserProfile of the user named aString; signal an Error when there is none."
  ^self userWithId: aString ifAbsent: [Error new signal: 'there is no user ', aString printString, ' in this repository']
%
category: 'accessing'
method: UserProfileSet
userWithId: aString ifAbsent: aBlock
  (System _userIds includes: aString asString) ifFalse: [^aBlock value].
  ^UserProfile new _userId: aString asString
%
category: 'enumerating'
method: UserProfileSet
do: aBlock
  System _userIds do: [:each | aBlock value: (UserProfile new _userId: each)]
%
category: 'accessing'
method: UserProfileSet
size
  ^System _userIds size
%
category: 'printing'
method: UserProfileSet
printOn: aStream
  aStream nextPutAll: 'aUserProfileSet'
%

! ------------------------------------------------------------------ SymbolList
removeallmethods SymbolList
removeallclassmethods SymbolList

category: 'accessing'
method: SymbolList
names
  "Answer an Array of the names (Symbols) of the dictionaries, in order."
  | result |
  result := Array new: self size.
  1 to: self size do: [:i | result at: i put: (self at: i) name].
  ^result
%
category: 'accessing'
method: SymbolList
objectNamed: aSymbol
  "Answer the value the first dictionary binding aSymbol holds, or nil."
  | assoc |
  assoc := self resolveSymbol: aSymbol.
  ^assoc == nil ifTrue: [nil] ifFalse: [assoc value]
%
category: 'accessing'
method: SymbolList
resolveSymbol: aSymbol
  "Answer a SymbolAssociation for aSymbol from the first dictionary that binds it (a dictionary's own name binds the dictionary), or nil."
  | sym |
  sym := aSymbol asSymbol.
  1 to: self size do: [:i | | dict |
    dict := self at: i.
    (dict includesKey: sym) ifTrue: [^SymbolAssociation key: sym value: (dict at: sym)]].
  1 to: self size do: [:i | | dict |
    dict := self at: i.
    dict name == sym ifTrue: [^SymbolAssociation key: sym value: dict]].
  ^nil
%
category: 'accessing'
method: SymbolList
dictionaryAndSymbolOf: anObject
  "Answer an Array of the first dictionary binding anObject (by identity) and the Symbol it binds it under, or nil."
  1 to: self size do: [:i | | dict |
    dict := self at: i.
    dict keysAndValuesDo: [:k :v | v == anObject ifTrue: [^Array with: dict with: k]]].
  1 to: self size do: [:i | | dict |
    dict := self at: i.
    dict == anObject ifTrue: [^Array with: dict with: dict name]].
  ^nil
%
category: 'accessing'
method: SymbolList
dictionaryNamed: aSymbol
  "Answer the dictionary named aSymbol, or nil."
  | sym |
  sym := aSymbol asSymbol.
  ^self detect: [:dict | dict name == sym] ifNone: [nil]
%
category: 'updating'
method: SymbolList
insertObject: aSymbolDictionary at: anIndex
  "Insert aSymbolDictionary at anIndex into the session's symbol list (see UserProfile>>insertDictionary:at:) and answer it."
  System myUserProfile insertDictionary: aSymbolDictionary at: anIndex.
  self _refresh.
  ^aSymbolDictionary
%
category: 'updating'
method: SymbolList
createDictionaryNamed: aSymbol at: anIndex
  "Make a SymbolDictionary named aSymbol, insert it at anIndex (see insertObject:at:) and answer it."
  ^self insertObject: (SymbolDictionary new name: aSymbol asSymbol; yourself) at: anIndex
%
category: 'updating'
method: SymbolList
add: aSymbolDictionary
  ^self addLast: aSymbolDictionary
%
category: 'updating'
method: SymbolList
addLast: aSymbolDictionary
  ^self insertObject: aSymbolDictionary at: System _symbolListNames size + 1
%
category: 'updating'
method: SymbolList
addFirst: aSymbolDictionary
  ^self insertObject: aSymbolDictionary at: 1
%
category: 'updating'
method: SymbolList
removeDictionaryNamed: aSymbol
  "Take the dictionary named aSymbol out of the session's symbol list and answer it, or nil when the list has none by that name."
  | dict |
  dict := self dictionaryNamed: aSymbol.
  dict == nil ifTrue: [^nil].
  System _removeDictionaryNamed: dict name.
  self _refresh.
  ^dict
%
category: 'updating'
method: SymbolList
remove: aSymbolDictionary ifAbsent: aBlock
  (self includesIdentical: aSymbolDictionary) ifFalse: [^aBlock value].
  System _removeDictionaryNamed: aSymbolDictionary name.
  self _refresh.
  ^aSymbolDictionary
%
category: 'private'
method: SymbolList
_refresh
  "Make the receiver the session's symbol list again."
  | fresh |
  fresh := System _sessionSymbolList.
  self _basicSize: fresh size.
  1 to: fresh size do: [:i | self at: i put: (fresh at: i)]
%
category: 'printing'
method: SymbolList
printOn: aStream
  "Print the dictionaries by name: their contents can be the whole image."
  aStream nextPutAll: 'aSymbolList('.
  self names do: [:each | aStream space; nextPutAll: each printString].
  aStream nextPutAll: ' )'
%

! ------------------------------------------------------------------ GsSession
removeallmethods GsSession
removeallclassmethods GsSession

category: 'accessing'
classmethod: GsSession
currentSession
  "Answer the GsSession running this code."
  self == GsSession ifFalse: [^GsSession currentSession].
  current == nil ifTrue: [current := GsCurrentSession basicNew].
  ^current
%
category: 'instance creation'
classmethod: GsSession
new
  ^self shouldNotImplement
%
category: 'accessing'
method: GsSession
serialNumber
  "Answer the session's number (as System session does)."
  ^System session
%
category: 'accessing'
method: GsSession
userProfile
  ^System myUserProfile
%
category: 'accessing'
method: GsSession
symbolList
  "Answer the SymbolList the session looks names up in."
  ^System myUserProfile symbolList
%
category: 'printing'
method: GsSession
printOn: aStream
  aStream nextPutAll: 'a'; nextPutAll: self class name; nextPut: $(; print: self serialNumber; nextPut: $)
%

! ------------------------------------------------------------------ SessionTemps
removeallmethods SessionTemps
removeallclassmethods SessionTemps

category: 'accessing'
classmethod: SessionTemps
current
  "Answer the session's own SessionTemps: kept for the life of the session, never committed."
  current == nil ifTrue: [current := self new].
  ^current
%

! ------------------------------------------------------------------ ClassOrganizer
removeallmethods ClassOrganizer
removeallclassmethods ClassOrganizer

category: 'queries'
method: ClassOrganizer
implementorsOf: aSelector
  "Answer an Array of the GsNMethods (instance and class side) that implement aSelector."
  ^self _methodsFor: aSelector kind: 1
%
category: 'queries'
method: ClassOrganizer
sendersOf: aSelector
  "Answer an Array of the GsNMethods that send aSelector (or name it as a literal Symbol)."
  ^self _methodsFor: aSelector kind: 2
%
category: 'queries'
method: ClassOrganizer
referencesToObject: anObject
  "Answer an Array of the GsNMethods that refer to anObject: a class, or a global bound in the symbol list."
  | pair |
  anObject isBehavior ifTrue: [^self _methodsFor: anObject theNonMetaClass name kind: 3].
  pair := System myUserProfile symbolList dictionaryAndSymbolOf: anObject.
  pair == nil ifTrue: [^Array new].
  ^self _methodsFor: (pair at: 2) kind: 3
%
category: 'queries'
method: ClassOrganizer
subclassesOf: aClass
  "Answer an Array of the direct subclasses of aClass."
  ^aClass subclasses asArray
%
category: 'queries'
method: ClassOrganizer
allSubclassesOf: aClass
  "Answer an Array of all subclasses of aClass, direct ones first."
  ^aClass allSubclasses asArray
%
category: 'queries'
method: ClassOrganizer
classNames
  "Answer a sorted Array of the names (Symbols) of every class of the image."
  <primitive: 143>
  ^self primitiveFailed: #classNames
%
category: 'private'
method: ClassOrganizer
_methodsFor: aString kind: anInteger
  <primitive: 142>
  (aString isKindOf: String)
    ifFalse: [^ArgumentTypeError new signal: 'expected a selector or a name (a String or Symbol), not ', aString printString].
  ^self primitiveFailed: #_methodsFor:kind:
%

! ------------------------------------------------------------------ GsFile
removeallmethods GsFile
removeallclassmethods GsFile

category: 'embedded image'
classmethod: GsFile
_unavailable: aSelector
  ^Error new signal: self name, ' is not available in the embedded image: it reaches outside the image (files of the server or the client); ', self name, ' class>>', aSelector, ' was sent'
%
category: 'embedded image'
classmethod: GsFile
doesNotUnderstand: aMessage
  ^self _unavailable: aMessage selector
%
category: 'embedded image'
classmethod: GsFile
new
  ^self _unavailable: #new
%
category: 'embedded image'
classmethod: GsFile
basicNew
  ^self _unavailable: #basicNew
%

! ------------------------------------------------------------------ GsSocket
removeallmethods GsSocket
removeallclassmethods GsSocket

category: 'embedded image'
classmethod: GsSocket
_unavailable: aSelector
  ^Error new signal: self name, ' is not available in the embedded image: it reaches outside the image (the network); ', self name, ' class>>', aSelector, ' was sent'
%
category: 'embedded image'
classmethod: GsSocket
doesNotUnderstand: aMessage
  ^self _unavailable: aMessage selector
%
category: 'embedded image'
classmethod: GsSocket
new
  ^self _unavailable: #new
%
category: 'embedded image'
classmethod: GsSocket
basicNew
  ^self _unavailable: #basicNew
%

! ------------------------------------------------------------------ GsExternalSession
removeallmethods GsExternalSession
removeallclassmethods GsExternalSession

category: 'embedded image'
classmethod: GsExternalSession
_unavailable: aSelector
  ^Error new signal: self name, ' is not available in the embedded image: it logs in to another gem, and the embedded image has none; ', self name, ' class>>', aSelector, ' was sent'
%
category: 'embedded image'
classmethod: GsExternalSession
doesNotUnderstand: aMessage
  ^self _unavailable: aMessage selector
%
category: 'embedded image'
classmethod: GsExternalSession
new
  ^self _unavailable: #new
%
category: 'embedded image'
classmethod: GsExternalSession
basicNew
  ^self _unavailable: #basicNew
%

! ------------------------------------------------------------------ GsHostProcess
removeallmethods GsHostProcess
removeallclassmethods GsHostProcess

category: 'embedded image'
classmethod: GsHostProcess
_unavailable: aSelector
  ^Error new signal: self name, ' is not available in the embedded image: it reaches outside the image (programs of the host); ', self name, ' class>>', aSelector, ' was sent'
%
category: 'embedded image'
classmethod: GsHostProcess
doesNotUnderstand: aMessage
  ^self _unavailable: aMessage selector
%
category: 'embedded image'
classmethod: GsHostProcess
new
  ^self _unavailable: #new
%
category: 'embedded image'
classmethod: GsHostProcess
basicNew
  ^self _unavailable: #basicNew
%

doit
Globals at: #AllUsers put: UserProfileSet new
%
