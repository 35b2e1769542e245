! gs-mcp kernel class library, part 00: the root of the hierarchy.
! Object, UndefinedObject, Boolean, Message, the class-description classes
! (Behavior, ClassDescription, Class, Metaclass3), GsNMethod and ExecBlock.
! Primitive numbers are specified in PRIMITIVES.md beside this file.
! The interpreter must inline ifTrue:/ifFalse:/ifTrue:ifFalse:/ifFalse:ifTrue:,
! and:/or:, whileTrue:/whileFalse:/whileTrue/whileFalse, ifNil:/ifNotNil: family
! and to:do:/to:by:do: when their arguments are literal blocks, as GemStone's
! compiler does; the methods below are what a non-literal send reaches.
set compile_env: 0

doit
nil subclass: 'Object'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Object comment: 'Object is the root of the class hierarchy. It defines the protocol every object shares: identity and equality, copying, printing, class membership tests, message sending by name, indexed access to its own slots, and the error-reporting entry points.'
%
doit
Object category: 'Kernel-Objects'
%

doit
Object subclass: 'UndefinedObject'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
UndefinedObject comment: 'UndefinedObject has a single instance, nil: the value of every variable that has not been assigned.'
%
doit
UndefinedObject category: 'Kernel-Objects'
%

doit
Object subclass: 'Boolean'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Boolean comment: 'Boolean has exactly two instances, true and false (GemStone has no separate True and False classes). The conditional messages are inlined by the compiler when their arguments are literal blocks; the methods here serve the other sends.'
%
doit
Boolean category: 'Kernel-Objects'
%

doit
Object subclass: 'Message'
  instVarNames: #( selector arguments)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Message comment: 'A Message is a selector and its arguments, reified. The virtual machine builds one when a message is not understood and passes it to doesNotUnderstand:.'
%
doit
Message category: 'Kernel-Objects'
%

doit
Object subclass: 'Behavior'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Behavior comment: 'Behavior describes what every class and metaclass can do: create instances and answer questions about its own definition. A class''s state (name, superclass, method dictionary, comment, category) lives in the image, so the reflective messages here are primitives that read the image.'
%
doit
Behavior category: 'Kernel-Classes'
%

doit
Behavior subclass: 'ClassDescription'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ClassDescription comment: 'ClassDescription adds the protocol that classes and metaclasses share beyond Behavior: method categories and source-code access by category.'
%
doit
ClassDescription category: 'Kernel-Classes'
%

doit
ClassDescription subclass: 'Class'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Class comment: 'Class describes an ordinary (non-meta) class: its comment, category, and the class-definition messages (subclass:instVarNames:..., byteSubclass:..., indexableSubclass:...) that create or redefine its subclasses.'
%
doit
Class category: 'Kernel-Classes'
%

doit
ClassDescription subclass: 'Metaclass3'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Metaclass3 comment: 'Metaclass3 is the class of every metaclass: each class has exactly one metaclass, which holds its class-side methods and class-instance variables. It prints as the class name followed by '' class''.'
%
doit
Metaclass3 category: 'Kernel-Classes'
%

doit
Object subclass: 'GsNMethod'
  instVarNames: #( selector inClass category sourceString)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
GsNMethod comment: 'A GsNMethod describes one compiled method: its selector, the class it is installed in, its category and its source. Behavior>>compiledMethodAt: answers one.'
%
doit
GsNMethod category: 'Kernel-Classes'
%

doit
Object subclass: 'ExecBlock'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ExecBlock comment: 'An ExecBlock is a block closure: deferred code with its own arguments that closes over the variables of the method that created it. Evaluation, looping, exception handling (on:do:) and unwind protection (ensure:, ifCurtailed:) are defined here.'
%
doit
ExecBlock category: 'Kernel-Objects'
%

! ------------------------------------------------------------------ Object
removeallmethods Object
removeallclassmethods Object

category: 'comparing'
method: Object
== anObject
  "Answer whether the receiver and anObject are the same object."
  <primitive: 1>
  ^self primitiveFailed: #==
%
category: 'comparing'
method: Object
~~ anObject
  "Answer whether the receiver and anObject are different objects."
  ^(self == anObject) not
%
category: 'comparing'
method: Object
= anObject
  "Answer whether the receiver and anObject are equal. By default equality is identity; subclasses that redefine it also redefine hash."
  ^self == anObject
%
category: 'comparing'
method: Object
~= anObject
  "Answer whether the receiver and anObject are not equal."
  ^(self = anObject) not
%
category: 'comparing'
method: Object
hash
  "Answer a SmallInteger such that equal objects have equal hashes."
  ^self identityHash
%
category: 'comparing'
method: Object
identityHash
  "Answer a SmallInteger that stays the same for the life of the receiver."
  <primitive: 3>
  ^self primitiveFailed: #identityHash
%

category: 'class membership'
method: Object
class
  "Answer the class of the receiver."
  <primitive: 2>
  ^self primitiveFailed: #class
%
category: 'class membership'
method: Object
isKindOf: aClass
  "Answer whether the receiver is an instance of aClass or of one of its subclasses."
  | cls |
  cls := self class.
  [cls == nil] whileFalse: [
    cls == aClass ifTrue: [^true].
    cls := cls superclass].
  ^false
%
category: 'class membership'
method: Object
isMemberOf: aClass
  "Answer whether the receiver is an instance of exactly aClass."
  ^self class == aClass
%
category: 'class membership'
method: Object
respondsTo: aSymbol
  "Answer whether the receiver's class or one of its superclasses implements aSymbol."
  ^self class canUnderstand: aSymbol
%
category: 'class membership'
method: Object
species
  "Answer the class used to create collections of the same kind as the receiver."
  ^self class
%

category: 'testing'
method: Object
isNil
  ^false
%
category: 'testing'
method: Object
notNil
  ^true
%
category: 'testing'
method: Object
isEmptyOrNil
  "Answer whether the receiver is nil or an empty collection; other objects are neither."
  ^false
%
category: 'testing'
method: Object
isString
  ^false
%
category: 'testing'
method: Object
isSymbol
  ^false
%
category: 'testing'
method: Object
isNumber
  ^false
%
category: 'testing'
method: Object
isInteger
  ^false
%
category: 'testing'
method: Object
isFloat
  ^false
%
category: 'testing'
method: Object
isCharacter
  ^false
%
category: 'testing'
method: Object
isBoolean
  ^false
%
category: 'testing'
method: Object
isCollection
  ^false
%
category: 'testing'
method: Object
isBehavior
  ^false
%
category: 'testing'
method: Object
isClass
  ^false
%

category: 'nil handling'
method: Object
ifNil: nilBlock
  "Answer the receiver; only nil evaluates nilBlock."
  ^self
%
category: 'nil handling'
method: Object
ifNotNil: notNilBlock
  "Evaluate notNilBlock, with the receiver as argument if it takes one."
  ^notNilBlock numArgs = 0
    ifTrue: [notNilBlock value]
    ifFalse: [notNilBlock value: self]
%
category: 'nil handling'
method: Object
ifNil: nilBlock ifNotNil: notNilBlock
  ^self ifNotNil: notNilBlock
%
category: 'nil handling'
method: Object
ifNotNil: notNilBlock ifNil: nilBlock
  ^self ifNotNil: notNilBlock
%

category: 'accessing'
method: Object
yourself
  "Answer the receiver; used at the end of a cascade."
  ^self
%
category: 'accessing'
method: Object
basicAt: index
  "Answer the indexed slot at index. Pointer objects answer the object stored there; byte objects answer a SmallInteger 0..255."
  <primitive: 4>
  ^self _indexError: index
%
category: 'accessing'
method: Object
basicAt: index put: aValue
  "Store aValue in the indexed slot at index and answer aValue."
  <primitive: 5>
  ^self _storeError: index value: aValue
%
category: 'accessing'
method: Object
basicSize
  "Answer the number of indexed slots of the receiver (0 when it has none)."
  <primitive: 6>
  ^0
%
category: 'accessing'
method: Object
_basicSize: anInteger
  "Make the receiver have anInteger indexed slots: new slots hold nil (0 for bytes), slots past anInteger are dropped."
  <primitive: 13>
  (anInteger isKindOf: SmallInteger)
    ifFalse: [^ArgumentTypeError new signal: 'a size must be a SmallInteger, not ', anInteger printString].
  anInteger < 0 ifTrue: [^ArgumentTypeError new signal: 'a size must not be negative'].
  ^self error: self class nameWithArticle, ' cannot change its size'
%
category: 'accessing'
method: Object
at: index
  ^self basicAt: index
%
category: 'accessing'
method: Object
at: index put: aValue
  ^self basicAt: index put: aValue
%
category: 'accessing'
method: Object
size
  ^self basicSize
%
category: 'accessing'
method: Object
instVarAt: index
  "Answer the named instance variable at index (1-based, in allInstVarNames order)."
  <primitive: 9>
  ^self _instVarIndexError: index
%
category: 'accessing'
method: Object
instVarAt: index put: aValue
  "Store aValue into the named instance variable at index and answer aValue."
  <primitive: 10>
  ^self _instVarIndexError: index
%
category: 'accessing'
method: Object
instVarNamed: aString
  ^self instVarAt: (self class allInstVarNames indexOf: aString asSymbol)
%
category: 'accessing'
method: Object
instVarNamed: aString put: aValue
  ^self instVarAt: (self class allInstVarNames indexOf: aString asSymbol) put: aValue
%

category: 'copying'
method: Object
shallowCopy
  "Answer a new object of the receiver's class whose slots hold the same objects as the receiver's."
  <primitive: 7>
  ^self primitiveFailed: #shallowCopy
%
category: 'copying'
method: Object
copy
  "Answer a copy of the receiver; subclasses refine what is copied by overriding postCopy."
  ^self shallowCopy postCopy
%
category: 'copying'
method: Object
postCopy
  "Fix up a fresh shallow copy. The default does nothing."
  ^self
%
category: 'copying'
method: Object
deepCopy
  "Answer a copy of the receiver whose instance variables and indexed slots are themselves copies."
  | new |
  new := self shallowCopy.
  1 to: self class allInstVarNames size do: [:i |
    new instVarAt: i put: (self instVarAt: i) copy].
  self class isBytes ifFalse: [
    1 to: self basicSize do: [:i | new basicAt: i put: (self basicAt: i) copy]].
  ^new
%

category: 'message handling'
method: Object
perform: aSymbol
  ^self perform: aSymbol withArguments: #()
%
category: 'message handling'
method: Object
perform: aSymbol with: arg1
  ^self perform: aSymbol withArguments: (Array with: arg1)
%
category: 'message handling'
method: Object
perform: aSymbol with: arg1 with: arg2
  ^self perform: aSymbol withArguments: (Array with: arg1 with: arg2)
%
category: 'message handling'
method: Object
perform: aSymbol with: arg1 with: arg2 with: arg3
  ^self perform: aSymbol withArguments: (Array with: arg1 with: arg2 with: arg3)
%
category: 'message handling'
method: Object
perform: aSymbol withArguments: anArray
  "Send the message aSymbol with the arguments in anArray to the receiver and answer the result."
  <primitive: 8>
  (aSymbol isKindOf: Symbol)
    ifFalse: [^self error: 'perform: expects a Symbol, not ', aSymbol printString].
  ^self error: 'wrong number of arguments for ', aSymbol printString, ': ', anArray size printString
%

category: 'printing'
method: Object
printOn: aStream
  "Write a description of the receiver on aStream: by default its class name with an article, e.g. anObject."
  aStream nextPutAll: self class nameWithArticle
%
category: 'printing'
method: Object
printString
  "Answer a String describing the receiver, as printOn: writes it."
  | stream |
  stream := WriteStream on: (String new: 16).
  self printOn: stream.
  ^stream contents
%
category: 'printing'
method: Object
displayString
  "Answer a String for showing the receiver to an end user. Strings, Symbols and Characters leave out their quotes; everything else looks like printString."
  | stream |
  stream := WriteStream on: (String new: 16).
  self displayOn: stream.
  ^stream contents
%
category: 'printing'
method: Object
displayOn: aStream
  self printOn: aStream
%
category: 'printing'
method: Object
asString
  ^self printString
%
category: 'printing'
method: Object
printString: anInteger
  "Answer the receiver's printString; numbers interpret anInteger as a radix."
  ^self printString
%

category: 'associating'
method: Object
-> anObject
  "Answer an Association with the receiver as key and anObject as value."
  ^Association key: self value: anObject
%

category: 'evaluating'
method: Object
value
  "Answer the receiver, so that any object can stand where a block is evaluated for its value."
  ^self
%

category: 'error handling'
method: Object
error: aString
  "Signal an Error whose messageText is aString."
  ^Error new signal: aString
%
category: 'error handling'
method: Object
halt
  "Signal a Halt, which stops the current execution unless it is handled."
  ^Halt new signal
%
category: 'error handling'
method: Object
halt: aString
  ^Halt new signal: aString
%
category: 'error handling'
method: Object
doesNotUnderstand: aMessage
  "The virtual machine sends this when the receiver has no method for aMessage selector. Signal MessageNotUnderstood; if a handler resumes it, answer the resumption value as the result of the original send."
  ^MessageNotUnderstood new
    message: aMessage receiver: self;
    signal
%
category: 'error handling'
method: Object
primitiveFailed: aSelector
  "Report that the primitive behind aSelector could not complete with these arguments."
  ^self error: 'primitive failed: ', self class name, '>>', aSelector
%
category: 'error handling'
method: Object
subclassResponsibility
  "Report that a subclass should have overridden the method that sent this."
  ^self error: 'a subclass of ', self class name, ' should have implemented this message'
%
category: 'error handling'
method: Object
shouldNotImplement
  ^self error: 'this message is not appropriate for ', self class nameWithArticle
%
category: 'error handling'
method: Object
_indexError: index
  "Signal the error that an index outside the receiver's bounds, or not an Integer, deserves."
  (index isKindOf: Integer)
    ifFalse: [^ArgumentTypeError new signal: 'index must be an Integer, not ', index printString].
  ^OffsetError new
    object: self index: index;
    signal
%
category: 'error handling'
method: Object
_instVarIndexError: index
  "Signal the error that an index naming no instance variable of the receiver deserves: the count of named ones, not the indexed size, is what it is out of."
  | count |
  (index isKindOf: Integer)
    ifFalse: [^ArgumentTypeError new signal: 'index must be an Integer, not ', index printString].
  count := self class allInstVarNames size.
  ^OffsetError new
    signal: 'instance variable index ', index printString, ' is out of range: ', self class name, ' has ', count printString, ' named instance variables'
%
category: 'error handling'
method: Object
_storeError: index value: aValue
  "Explain why aValue could not be stored at index."
  ((index isKindOf: Integer) and: [index between: 1 and: self basicSize])
    ifFalse: [^self _indexError: index].
  ^ArgumentTypeError new
    signal: aValue printString, ' cannot be stored in ', self class nameWithArticle
%

category: 'SUnit'
classmethod: Object
sunitName
  "SUnit's portable name of a class: its name, a Symbol (TestCase subclasses compare it with == #TheirName in isAbstract)."
  ^self name
%

! ------------------------------------------------------------------ UndefinedObject
removeallmethods UndefinedObject
removeallclassmethods UndefinedObject

category: 'testing'
method: UndefinedObject
isNil
  ^true
%
category: 'testing'
method: UndefinedObject
notNil
  ^false
%
category: 'testing'
method: UndefinedObject
isEmptyOrNil
  ^true
%
category: 'nil handling'
method: UndefinedObject
ifNil: nilBlock
  ^nilBlock value
%
category: 'nil handling'
method: UndefinedObject
ifNotNil: notNilBlock
  ^nil
%
category: 'nil handling'
method: UndefinedObject
ifNil: nilBlock ifNotNil: notNilBlock
  ^nilBlock value
%
category: 'nil handling'
method: UndefinedObject
ifNotNil: notNilBlock ifNil: nilBlock
  ^nilBlock value
%
category: 'printing'
method: UndefinedObject
printOn: aStream
  aStream nextPutAll: 'nil'
%
category: 'copying'
method: UndefinedObject
shallowCopy
  "nil is unique."
  ^self
%
category: 'copying'
method: UndefinedObject
deepCopy
  ^self
%
category: 'class definition'
method: UndefinedObject
subclass: aString instVarNames: ivNames classVars: cvNames classInstVars: civNames poolDictionaries: pools inDictionary: aDictionary options: optionsArray
  "Define a new root class (one with no superclass)."
  ^Class _defineClass: aString
    superclass: nil
    kind: #pointers
    instVarNames: ivNames
    classVars: cvNames
    classInstVars: civNames
    poolDictionaries: pools
    inDictionary: aDictionary
    options: optionsArray
%
category: 'instance creation'
classmethod: UndefinedObject
new
  ^self shouldNotImplement
%

! ------------------------------------------------------------------ Boolean
removeallmethods Boolean
removeallclassmethods Boolean

category: 'controlling'
method: Boolean
ifTrue: trueBlock ifFalse: falseBlock
  ^self ifTrue: [trueBlock value] ifFalse: [falseBlock value]
%
category: 'controlling'
method: Boolean
ifFalse: falseBlock ifTrue: trueBlock
  ^self ifTrue: [trueBlock value] ifFalse: [falseBlock value]
%
category: 'controlling'
method: Boolean
ifTrue: trueBlock
  ^self ifTrue: [trueBlock value] ifFalse: [nil]
%
category: 'controlling'
method: Boolean
ifFalse: falseBlock
  ^self ifTrue: [nil] ifFalse: [falseBlock value]
%
category: 'controlling'
method: Boolean
and: aBlock
  "Answer false if the receiver is false, otherwise the value of aBlock."
  ^self ifTrue: [aBlock value] ifFalse: [false]
%
category: 'controlling'
method: Boolean
or: aBlock
  "Answer true if the receiver is true, otherwise the value of aBlock."
  ^self ifTrue: [true] ifFalse: [aBlock value]
%
category: 'controlling'
method: Boolean
and: block1 and: block2
  ^self ifTrue: [block1 value and: [block2 value]] ifFalse: [false]
%
category: 'controlling'
method: Boolean
or: block1 or: block2
  ^self ifTrue: [true] ifFalse: [block1 value or: [block2 value]]
%
category: 'logical operations'
method: Boolean
& aBoolean
  ^self ifTrue: [aBoolean] ifFalse: [false]
%
category: 'logical operations'
method: Boolean
| aBoolean
  ^self ifTrue: [true] ifFalse: [aBoolean]
%
category: 'logical operations'
method: Boolean
not
  ^self ifTrue: [false] ifFalse: [true]
%
category: 'logical operations'
method: Boolean
xor: aBoolean
  ^self ifTrue: [aBoolean not] ifFalse: [aBoolean]
%
category: 'logical operations'
method: Boolean
eqv: aBoolean
  ^self == aBoolean
%
category: 'testing'
method: Boolean
isBoolean
  ^true
%
category: 'printing'
method: Boolean
printOn: aStream
  aStream nextPutAll: (self ifTrue: ['true'] ifFalse: ['false'])
%
category: 'copying'
method: Boolean
shallowCopy
  "true and false are unique."
  ^self
%
category: 'copying'
method: Boolean
deepCopy
  ^self
%
category: 'instance creation'
classmethod: Boolean
new
  ^self shouldNotImplement
%

! ------------------------------------------------------------------ Message
removeallmethods Message
removeallclassmethods Message

category: 'accessing'
method: Message
selector
  ^selector
%
category: 'accessing'
method: Message
arguments
  ^arguments
%
category: 'accessing'
method: Message
selector: aSymbol arguments: anArray
  selector := aSymbol.
  arguments := anArray
%
category: 'sending'
method: Message
sendTo: anObject
  "Send the receiver's selector and arguments to anObject and answer the result."
  ^anObject perform: selector withArguments: arguments
%
category: 'printing'
method: Message
printOn: aStream
  aStream nextPutAll: 'aMessage( '; print: selector.
  arguments do: [:each | aStream space; print: each].
  aStream nextPut: $)
%
category: 'instance creation'
classmethod: Message
selector: aSymbol arguments: anArray
  ^self new selector: aSymbol arguments: anArray
%
category: 'instance creation'
classmethod: Message
selector: aSymbol
  ^self new selector: aSymbol arguments: #()
%

! ------------------------------------------------------------------ Behavior
removeallmethods Behavior
removeallclassmethods Behavior

category: 'instance creation'
method: Behavior
basicNew
  "Answer a new instance whose named instance variables are nil. Fails for classes whose instances are indexable or bytes only when they cannot be created with no indexed slots (never in this kernel), or for classes whose instances are created by the virtual machine only (SmallInteger, Character, Boolean, UndefinedObject, Symbol)."
  <primitive: 11>
  ^self error: 'instances of ', self name, ' cannot be created with basicNew'
%
category: 'instance creation'
method: Behavior
basicNew: anInteger
  "Answer a new instance with anInteger indexed slots (nil, or 0 for bytes)."
  <primitive: 12>
  self isIndexable ifFalse: [^self error: self name, ' is not indexable; use new'].
  ^ArgumentTypeError new signal: 'basicNew: expects a non-negative SmallInteger, not ', anInteger printString
%
category: 'instance creation'
method: Behavior
new
  "Answer a new instance. GemStone does not send initialize from new; classes that need it override new."
  ^self basicNew
%
category: 'instance creation'
method: Behavior
new: anInteger
  ^self basicNew: anInteger
%

category: 'accessing'
method: Behavior
name
  "Answer the class name as a Symbol (as GemStone does); a metaclass answers a String, e.g. 'Object class'."
  <primitive: 90>
  ^self primitiveFailed: #name
%
category: 'accessing'
method: Behavior
superclass
  "Answer the superclass, or nil for a root class."
  <primitive: 91>
  ^self primitiveFailed: #superclass
%
category: 'accessing'
method: Behavior
superClass
  "GemStone's older spelling of superclass, which code written for it still sends."
  ^self superclass
%
category: 'accessing'
method: Behavior
selectors
  "Answer an Array of the Symbols this class defines (not inherited ones)."
  <primitive: 92>
  ^self primitiveFailed: #selectors
%
category: 'accessing'
method: Behavior
instVarNames
  "Answer an Array of the Symbols naming the instance variables this class adds."
  <primitive: 93>
  ^self primitiveFailed: #instVarNames
%
category: 'accessing'
method: Behavior
classVarNames
  "Answer an Array of the Symbols naming the class variables this class defines."
  <primitive: 107>
  ^self primitiveFailed: #classVarNames
%
category: 'accessing'
method: Behavior
instancesKind
  "Answer #pointers, #indexable or #bytes: how instances store their indexed part."
  <primitive: 108>
  ^self primitiveFailed: #instancesKind
%
category: 'accessing'
method: Behavior
subclasses
  "Answer an Array of the direct subclasses of the receiver."
  <primitive: 99>
  ^self primitiveFailed: #subclasses
%
category: 'accessing'
method: Behavior
allInstVarNames
  "Answer an Array of the names of all instance variables, inherited ones first."
  | sup |
  sup := self superclass.
  sup == nil ifTrue: [^self instVarNames asArray].
  ^sup allInstVarNames , self instVarNames
%
category: 'accessing'
method: Behavior
instSize
  ^self allInstVarNames size
%
category: 'accessing'
method: Behavior
allSuperclasses
  "Answer an OrderedCollection of the superclasses, nearest first."
  | result cls |
  result := OrderedCollection new.
  cls := self superclass.
  [cls == nil] whileFalse: [result add: cls. cls := cls superclass].
  ^result
%
category: 'accessing'
method: Behavior
withAllSuperclasses
  ^(self allSuperclasses) addFirst: self; yourself
%
category: 'accessing'
method: Behavior
allSubclasses
  "Answer an OrderedCollection of all subclasses, direct ones first."
  | result index |
  result := OrderedCollection new.
  result addAll: self subclasses.
  index := 1.
  [index <= result size] whileTrue: [
    result addAll: (result at: index) subclasses.
    index := index + 1].
  ^result
%
category: 'accessing'
method: Behavior
withAllSubclasses
  ^self allSubclasses addFirst: self; yourself
%
category: 'accessing'
method: Behavior
allSelectors
  "Answer a Set of every selector the receiver's instances understand."
  | result |
  result := Set new.
  self withAllSuperclasses do: [:cls | result addAll: cls selectors].
  ^result
%
category: 'accessing'
method: Behavior
nameWithArticle
  "Answer the name prefixed with 'a' or 'an', as GemStone prints instances: anArray, aSet."
  | nm |
  nm := self name.
  ^((nm notEmpty and: [nm first isVowel]) ifTrue: ['an'] ifFalse: ['a']) , nm
%

category: 'testing'
method: Behavior
isBehavior
  ^true
%
category: 'testing'
method: Behavior
isMeta
  ^false
%
category: 'testing'
method: Behavior
isBytes
  ^self instancesKind == #bytes
%
category: 'testing'
method: Behavior
isIndexable
  ^self instancesKind ~~ #pointers
%
category: 'testing'
method: Behavior
isPointers
  ^self instancesKind ~~ #bytes
%
category: 'testing'
method: Behavior
inheritsFrom: aClass
  "Answer whether aClass is a superclass (direct or not) of the receiver."
  | cls |
  cls := self superclass.
  [cls == nil] whileFalse: [
    cls == aClass ifTrue: [^true].
    cls := cls superclass].
  ^false
%
category: 'testing'
method: Behavior
includesBehavior: aClass
  ^self == aClass or: [self inheritsFrom: aClass]
%
category: 'testing'
method: Behavior
validateSubclassOf: aClass
  "Signal an ArgumentError unless the receiver is aClass or a subclass of it; answer the receiver."
  (self includesBehavior: aClass)
    ifFalse: [^ArgumentError signal: self name, ' is not a subclass of ', aClass name].
  ^self
%
category: 'testing'
method: Behavior
includesSelector: aSymbol
  "Answer whether this class itself defines aSymbol."
  <primitive: 96>
  ^false
%
category: 'testing'
method: Behavior
canUnderstand: aSymbol
  "Answer whether instances understand aSymbol, through this class or a superclass."
  ^(self whichClassIncludesSelector: aSymbol) notNil
%
category: 'testing'
method: Behavior
whichClassIncludesSelector: aSymbol
  "Answer the class in the superclass chain that defines aSymbol, or nil."
  | cls |
  cls := self.
  [cls == nil] whileFalse: [
    (cls includesSelector: aSymbol) ifTrue: [^cls].
    cls := cls superclass].
  ^nil
%

category: 'methods'
method: Behavior
sourceCodeAt: aSymbol
  "Answer the source String of the method aSymbol defined in this class, or nil."
  <primitive: 97>
  ^nil
%
category: 'methods'
method: Behavior
compiledMethodAt: aSymbol
  "Answer a GsNMethod describing the method aSymbol of this class; signal LookupError if there is none."
  <primitive: 98>
  ^LookupError new signal: self name, ' does not define ', aSymbol printString
%
category: 'methods'
method: Behavior
compiledMethodAt: aSymbol otherwise: aValue
  (self includesSelector: aSymbol) ifFalse: [^aValue].
  ^self compiledMethodAt: aSymbol
%
category: 'methods'
method: Behavior
lookupSelector: aSymbol
  "Answer the GsNMethod that a send of aSymbol to an instance would run, or nil."
  | cls |
  cls := self whichClassIncludesSelector: aSymbol.
  cls == nil ifTrue: [^nil].
  ^cls compiledMethodAt: aSymbol
%
category: 'methods'
method: Behavior
categoryOfSelector: aSymbol
  "Answer the category String of the method aSymbol, or nil if this class does not define it."
  <primitive: 100>
  ^nil
%
category: 'methods'
method: Behavior
selectorsIn: aCategory
  "Answer an Array of the selectors this class defines in aCategory."
  ^(self selectors select: [:sel | (self categoryOfSelector: sel) = aCategory]) asArray
%
category: 'methods'
method: Behavior
categoryNames
  "Answer a sorted Array of the method categories used by this class."
  | names |
  names := Set new.
  self selectors do: [:sel | names add: (self categoryOfSelector: sel)].
  ^(names asSortedCollection: [:a :b | a <= b]) asArray
%
category: 'methods'
method: Behavior
compile: sourceString classified: aCategory
  "Compile sourceString as a method of this class in aCategory, install it and answer its selector. Signal CompileError if the source does not compile."
  <primitive: 104>
  ^CompileError new signal: 'could not compile in ', self name
%
category: 'methods'
method: Behavior
compileMethod: sourceString dictionaries: aSymbolList category: aCategory
  "GemStone's compiling message: compile sourceString into this class under aCategory and answer the new GsNMethod; signal CompileError if the source does not compile. Names are resolved through the session's symbol list whatever aSymbolList says."
  ^self compiledMethodAt: (self compile: sourceString classified: aCategory)
%
category: 'methods'
method: Behavior
compileMethod: sourceString dictionaries: aSymbolList category: aCategory environmentId: anInteger
  "As compileMethod:dictionaries:category:; the embedded image has environment 0 (Smalltalk) only."
  anInteger = 0
    ifFalse: [^ArgumentError new signal: 'the embedded image compiles for environment 0 (Smalltalk) only, not ', anInteger printString].
  ^self compileMethod: sourceString dictionaries: aSymbolList category: aCategory
%
category: 'methods'
method: Behavior
compile: sourceString
  ^self compile: sourceString classified: 'as yet unclassified'
%
category: 'methods'
method: Behavior
removeSelector: aSymbol
  "Remove the method aSymbol from this class."
  <primitive: 105>
  ^LookupError new signal: self name, ' does not define ', aSymbol printString
%
category: 'methods'
method: Behavior
removeAllMethods
  "Remove every method this class (or, sent to a metaclass, its class side) defines, and answer the receiver: a Topaz file-out's removeallmethods written as a doit (X removeAllMethods. X class removeAllMethods)."
  self selectors do: [:each | self removeSelector: each]
%
category: 'methods'
method: Behavior
removeAllMethods: anInteger
  "As removeAllMethods, for the methods of environment anInteger; the embedded image has environment 0 (Smalltalk) only."
  anInteger = 0
    ifFalse: [^ArgumentError new signal: 'the embedded image has methods of environment 0 (Smalltalk) only, not ', anInteger printString].
  ^self removeAllMethods
%

category: 'printing'
method: Behavior
printOn: aStream
  aStream nextPutAll: self name
%
category: 'printing'
method: Behavior
displayOn: aStream
  aStream nextPutAll: self name
%

category: 'copying'
method: Behavior
shallowCopy
  "Classes are unique; copying answers the class itself."
  ^self
%
category: 'copying'
method: Behavior
deepCopy
  ^self
%

! ------------------------------------------------------------------ ClassDescription
removeallmethods ClassDescription
removeallclassmethods ClassDescription

category: 'accessing'
method: ClassDescription
theNonMetaClass
  "Answer the class itself for a class, the sole instance for a metaclass."
  ^self
%
category: 'accessing'
method: ClassDescription
theMetaClass
  ^self isMeta ifTrue: [self] ifFalse: [self class]
%
category: 'accessing'
method: ClassDescription
category
  "Answer the class category (a String), or nil."
  ^self theNonMetaClass _category
%
category: 'accessing'
method: ClassDescription
comment
  "Answer the class comment (a String, empty when there is none)."
  ^self theNonMetaClass _comment
%
category: 'accessing'
method: ClassDescription
definition
  "Answer a String holding the class-definition message that would recreate this class."
  | cls stream kind |
  cls := self theNonMetaClass.
  kind := cls instancesKind.
  stream := WriteStream on: (String new: 200).
  stream nextPutAll: (cls superclass == nil ifTrue: ['nil'] ifFalse: [cls superclass name]).
  kind == #bytes
    ifTrue: [stream nextPutAll: ' byteSubclass: '; print: cls name asString]
    ifFalse: [
      stream
        nextPutAll: (kind == #indexable ifTrue: [' indexableSubclass: '] ifFalse: [' subclass: ']);
        print: cls name asString;
        cr; nextPutAll: '  instVarNames: #('.
      cls instVarNames do: [:each | stream space; nextPutAll: each].
      stream nextPut: $)].
  stream cr; nextPutAll: '  classVars: #('.
  cls classVarNames do: [:each | stream space; nextPutAll: each].
  stream nextPut: $); cr; nextPutAll: '  classInstVars: #('.
  cls class instVarNames do: [:each | stream space; nextPutAll: each].
  stream nextPut: $); cr; nextPutAll: '  poolDictionaries: #('.
  cls _poolDictionaryNames do: [:each | stream space; nextPutAll: each].
  stream nextPut: $); cr; nextPutAll: '  inDictionary: '; nextPutAll: cls _homeDictionaryName.
  stream cr; nextPutAll: '  options: #('.
  cls _options do: [:each | stream space; nextPutAll: each].
  stream nextPut: $).
  ^stream contents
%
category: 'accessing'
method: ClassDescription
fileOutClass
  "Answer a String holding the class in Topaz file-out form: its definition, comment and category, and every method of both sides."
  <primitive: 147>
  ^self primitiveFailed: #fileOutClass
%

! ------------------------------------------------------------------ Class
removeallmethods Class
removeallclassmethods Class

category: 'testing'
method: Class
isClass
  ^true
%
category: 'accessing'
method: Class
_category
  <primitive: 94>
  ^nil
%
category: 'accessing'
method: Class
_homeDictionaryName
  "Answer the name (a String) of the symbol dictionary the class was defined in."
  <primitive: 145>
  ^'Globals'
%
category: 'accessing'
method: Class
_options
  "Answer an Array of the Symbols of the class's definition options (#instancesInvariant, #dbTransient, ...), in definition order."
  <primitive: 157>
  ^#()
%
category: 'accessing'
method: Class
_poolDictionaryNames
  "Answer an Array of the Symbols naming the class's pool dictionaries."
  <primitive: 146>
  ^#()
%
category: 'accessing'
method: Class
_comment
  <primitive: 95>
  ^''
%
category: 'accessing'
method: Class
comment: aString
  "Set the class comment to aString."
  <primitive: 101>
  ^ArgumentTypeError new signal: 'a class comment must be a String'
%
category: 'accessing'
method: Class
category: aString
  "Set the class category to aString."
  <primitive: 102>
  ^ArgumentTypeError new signal: 'a class category must be a String or Symbol'
%
category: 'subclass creation'
method: Class
subclass: aString instVarNames: ivNames classVars: cvNames classInstVars: civNames poolDictionaries: pools inDictionary: aDictionary options: optionsArray
  "Define (or redefine) a subclass of the receiver with named instance variables only, bind it in aDictionary and answer it."
  ^Class _defineClass: aString superclass: self kind: #pointers instVarNames: ivNames classVars: cvNames classInstVars: civNames poolDictionaries: pools inDictionary: aDictionary options: optionsArray
%
category: 'subclass creation'
method: Class
subclass: aString instVarNames: ivNames classVars: cvNames classInstVars: civNames poolDictionaries: pools inDictionary: aDictionary
  ^self subclass: aString instVarNames: ivNames classVars: cvNames classInstVars: civNames poolDictionaries: pools inDictionary: aDictionary options: #()
%
category: 'subclass creation'
method: Class
subclass: aString instVarNames: ivNames classVars: cvNames poolDictionaries: pools inDictionary: aDictionary
  ^self subclass: aString instVarNames: ivNames classVars: cvNames classInstVars: #() poolDictionaries: pools inDictionary: aDictionary options: #()
%
category: 'subclass creation'
method: Class
subclass: aString instVarNames: ivNames inDictionary: aDictionary
  ^self subclass: aString instVarNames: ivNames classVars: #() classInstVars: #() poolDictionaries: #() inDictionary: aDictionary options: #()
%
category: 'subclass creation'
method: Class
byteSubclass: aString classVars: cvNames classInstVars: civNames poolDictionaries: pools inDictionary: aDictionary options: optionsArray
  "Define (or redefine) a subclass whose instances hold indexed bytes and no named instance variables."
  ^Class _defineClass: aString superclass: self kind: #bytes instVarNames: #() classVars: cvNames classInstVars: civNames poolDictionaries: pools inDictionary: aDictionary options: optionsArray
%
category: 'subclass creation'
method: Class
indexableSubclass: aString instVarNames: ivNames classVars: cvNames classInstVars: civNames poolDictionaries: pools inDictionary: aDictionary options: optionsArray
  "Define (or redefine) a subclass whose instances have named instance variables and indexed object slots."
  ^Class _defineClass: aString superclass: self kind: #indexable instVarNames: ivNames classVars: cvNames classInstVars: civNames poolDictionaries: pools inDictionary: aDictionary options: optionsArray
%
category: 'private'
classmethod: Class
_defineClass: aString superclass: aClassOrNil kind: aKind instVarNames: ivNames classVars: cvNames classInstVars: civNames poolDictionaries: pools inDictionary: aDictionary options: optionsArray
  "Create or redefine the class named aString in aDictionary and answer it. aKind is #pointers, #indexable or #bytes. Redefining an existing class with a different shape creates a new class version."
  <primitive: 103>
  ((aString isKindOf: String) and: [aString notEmpty])
    ifFalse: [^ArgumentTypeError new signal: 'a class name must be a non-empty String or Symbol, not ', aString printString].
  ^Error new signal: 'the definition of class ', aString, ' was refused'
%

! ------------------------------------------------------------------ Metaclass3
removeallmethods Metaclass3
removeallclassmethods Metaclass3

category: 'accessing'
method: Metaclass3
thisClass
  "Answer the sole instance of this metaclass: the class it describes."
  <primitive: 106>
  ^self primitiveFailed: #thisClass
%
category: 'accessing'
method: Metaclass3
theNonMetaClass
  ^self thisClass
%
category: 'accessing'
method: Metaclass3
instanceClass
  ^self thisClass
%
category: 'testing'
method: Metaclass3
isMeta
  ^true
%
category: 'instance creation'
method: Metaclass3
new
  ^self shouldNotImplement
%

! ------------------------------------------------------------------ GsNMethod
removeallmethods GsNMethod
removeallclassmethods GsNMethod

category: 'accessing'
method: GsNMethod
selector
  ^selector
%
category: 'accessing'
method: GsNMethod
inClass
  ^inClass
%
category: 'accessing'
method: GsNMethod
category
  ^category
%
category: 'accessing'
method: GsNMethod
sourceString
  ^sourceString
%
category: 'accessing'
method: GsNMethod
numArgs
  ^selector numArgs
%
category: 'comparing'
method: GsNMethod
= anObject
  ^(anObject isKindOf: GsNMethod)
    and: [selector == anObject selector and: [inClass == anObject inClass]]
%
category: 'comparing'
method: GsNMethod
hash
  ^selector hash bitXor: inClass identityHash
%
category: 'printing'
method: GsNMethod
printOn: aStream
  aStream nextPutAll: inClass name; nextPutAll: ' >> '; nextPutAll: selector
%

! ------------------------------------------------------------------ ExecBlock
removeallmethods ExecBlock
removeallclassmethods ExecBlock

category: 'evaluating'
method: ExecBlock
value
  "Evaluate the receiver, which takes no arguments, and answer the value of its last statement."
  <primitive: 20>
  ^self _numArgsError: 0
%
category: 'evaluating'
method: ExecBlock
value: arg1
  <primitive: 21>
  ^self _numArgsError: 1
%
category: 'evaluating'
method: ExecBlock
value: arg1 value: arg2
  <primitive: 22>
  ^self _numArgsError: 2
%
category: 'evaluating'
method: ExecBlock
value: arg1 value: arg2 value: arg3
  <primitive: 23>
  ^self _numArgsError: 3
%
category: 'evaluating'
method: ExecBlock
value: arg1 value: arg2 value: arg3 value: arg4
  <primitive: 24>
  ^self _numArgsError: 4
%
category: 'evaluating'
method: ExecBlock
valueWithArguments: anArray
  "Evaluate the receiver with the elements of anArray as its arguments."
  <primitive: 25>
  (anArray isKindOf: Array)
    ifFalse: [^ArgumentTypeError new signal: 'valueWithArguments: expects an Array, not ', anArray printString].
  ^self _numArgsError: anArray size
%
category: 'evaluating'
method: ExecBlock
cull: anObject
  "Evaluate the receiver with anObject if it takes one argument, with none otherwise."
  ^self numArgs = 0 ifTrue: [self value] ifFalse: [self value: anObject]
%
category: 'accessing'
method: ExecBlock
numArgs
  "Answer how many arguments the receiver takes."
  <primitive: 26>
  ^self primitiveFailed: #numArgs
%
category: 'controlling'
method: ExecBlock
whileTrue: aBlock
  "Evaluate aBlock as long as the receiver evaluates to true; answer nil."
  [self value] whileTrue: [aBlock value].
  ^nil
%
category: 'controlling'
method: ExecBlock
whileFalse: aBlock
  [self value] whileFalse: [aBlock value].
  ^nil
%
category: 'controlling'
method: ExecBlock
whileTrue
  [self value] whileTrue: [].
  ^nil
%
category: 'controlling'
method: ExecBlock
whileFalse
  [self value] whileFalse: [].
  ^nil
%
category: 'controlling'
method: ExecBlock
repeat
  "Evaluate the receiver forever; only a return or an exception ends the loop."
  [true] whileTrue: [self value]
%
category: 'exception handling'
method: ExecBlock
on: anExceptionSelector do: handlerBlock
  "Evaluate the receiver. If an exception that anExceptionSelector handles (an exception class or an ExceptionSet, asked with handles:) is signaled meanwhile and no nearer handler takes it, evaluate handlerBlock with the exception; unless the handler retries or resumes, its value becomes the value of on:do:."
  <primitive: 28>
  ^self primitiveFailed: #on:do:
%
category: 'exception handling'
method: ExecBlock
ensure: aBlock
  "Evaluate the receiver, then aBlock, however the receiver's evaluation ends (normally, by a non-local return, or by an exception unwinding past it). Answer the receiver's value."
  <primitive: 27>
  ^self primitiveFailed: #ensure:
%
category: 'exception handling'
method: ExecBlock
ifCurtailed: aBlock
  "Evaluate the receiver; evaluate aBlock only if the receiver's evaluation does not complete normally."
  | completed result |
  completed := false.
  ^[result := self value. completed := true. result]
    ensure: [completed ifFalse: [aBlock value]]
%
category: 'exception handling'
method: ExecBlock
on: exception1 do: block1 on: exception2 do: block2
  ^[self on: exception1 do: block1] on: exception2 do: block2
%
category: 'printing'
method: ExecBlock
printOn: aStream
  aStream nextPutAll: 'anExecBlock'
%
category: 'private'
method: ExecBlock
_numArgsError: anInteger
  ^ArgumentTypeError new
    signal: 'wrong number of arguments: the block takes ', self numArgs printString, ', it was given ', anInteger printString
%
category: 'copying'
method: ExecBlock
shallowCopy
  ^self
%
category: 'instance creation'
classmethod: ExecBlock
new
  ^self shouldNotImplement
%
