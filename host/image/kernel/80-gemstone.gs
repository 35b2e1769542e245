! gs-mcp kernel class library, part 80: classes real GemStone code names.
! Found missing by the real-code corpus (host/interp/tests/real_code.rs):
! processes (ProcessorScheduler and Processor, GsProcess, SharedQueue) as far
! as one process allows; interrupt and finalization exceptions; more
! collections, strings and streams (IdentityBag, RcIdentityBag, the Symbol-
! and Integer-keyed dictionaries, DoubleByteString and QuadByteString
! (under MultiByteString) and their Symbols, AppendStream, the Portable streams,
! PrintStream, the collision buckets, GsUuidV4); Random, HostRandom and
! Lag1MwcRandom; Pragma (and GsNMethod>>pragmas); the legacy DateTime;
! ClientForwarderSend; JsonParser;
! the immediate SmallDate, SmallTime and SmallDateAndTime (no instances here);
! Reflection; and sockets, files and C calls, which reach outside the image:
! those classes exist so code naming them compiles and signal an Error when
! used.
set compile_env: 0

doit
Object subclass: 'ProcessorScheduler'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ProcessorScheduler comment: 'ProcessorScheduler is the class of Processor, which schedules GemStone''s Smalltalk processes. The embedded image runs one process: Processor activeProcess answers it and yield returns at once; starting another process (fork) signals an Error.'
%
doit
ProcessorScheduler category: 'Kernel-Processes'
%

doit
Object subclass: 'GsProcess'
  instVarNames: #()
  classVars: #()
  classInstVars: #( current)
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
GsProcess comment: 'A GsProcess is a Smalltalk process. The embedded image runs one, Processor activeProcess; it cannot start others.'
%
doit
GsProcess category: 'Kernel-Processes'
%

doit
Object subclass: 'SharedQueue'
  instVarNames: #( items)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
SharedQueue comment: 'A SharedQueue passes objects from one process to another, first in first out: nextPut: adds one and next takes the oldest. The embedded image runs one process, so next on an empty queue, which would wait for another process, signals an Error instead.'
%
doit
SharedQueue category: 'Kernel-Processes'
%

doit
Exception subclass: 'ControlInterrupt'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ControlInterrupt comment: 'ControlInterrupt is the superclass of the exceptions GemStone signals to interrupt execution (Breakpoint among them).'
%
doit
ControlInterrupt category: 'Kernel-Exceptions'
%

doit
ControlInterrupt subclass: 'Breakpoint'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Breakpoint comment: 'A Breakpoint is signaled when execution reaches a breakpoint set in a method.'
%
doit
Breakpoint category: 'Kernel-Exceptions'
%

doit
ControlInterrupt subclass: 'ClientForwarderSend'
  instVarNames: #( receiver clientObj selector)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ClientForwarderSend comment: 'In GemStone a ClientForwarderSend is signaled when a message is sent to a client forwarder, an object standing in the server for one of the client''s: receiver, clientObj and selector say which. The embedded image has no clients of that kind, so it is never signaled.'
%
doit
ClientForwarderSend category: 'Kernel-Exceptions'
%

doit
Notification subclass: 'GcFinalizeNotification'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
GcFinalizeNotification comment: 'GemStone signals a GcFinalizeNotification when objects registered for finalization have been collected. The embedded image never signals it.'
%
doit
GcFinalizeNotification category: 'Kernel-Exceptions'
%

doit
Error subclass: 'SocketError'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
SocketError comment: 'A SocketError reports a failed socket operation. The embedded image has no network access (see GsSocket).'
%
doit
SocketError category: 'Kernel-System'
%

doit
GsSocket subclass: 'GsSignalingSocket'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
GsSignalingSocket comment: 'In GemStone, a GsSignalingSocket is a GsSocket that signals SocketError on failure. The embedded image has no network access: the class exists so that code naming it compiles, and every use signals an Error.'
%
doit
GsSignalingSocket category: 'Kernel-System'
%

doit
GsSocket subclass: 'GsSecureSocket'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
GsSecureSocket comment: 'In GemStone, a GsSecureSocket is a TLS socket. The embedded image has no network access: the class exists so that code naming it compiles, and every use signals an Error.'
%
doit
GsSecureSocket category: 'Kernel-System'
%

doit
Object subclass: 'AbstractFileReference'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
AbstractFileReference comment: 'In GemStone, AbstractFileReference is the superclass of FileReference, a file or directory of the server''s file system. The embedded image has no file access: the classes exist so that code naming them compiles, and every use signals an Error.'
%
doit
AbstractFileReference category: 'Kernel-System'
%

doit
AbstractFileReference subclass: 'FileReference'
  instVarNames: #( path)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
FileReference comment: 'In GemStone, a FileReference names a file or directory of the server''s file system. The embedded image has no file access: the class exists so that code naming it compiles, and every use signals an Error.'
%
doit
FileReference category: 'Kernel-System'
%

doit
Object subclass: 'Path'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Path comment: 'In GemStone, a Path is a file-system path (FileSystem). The embedded image has no file access: the class exists so that code naming it compiles, and every use signals an Error.'
%
doit
Path category: 'Kernel-System'
%

doit
IdentitySet subclass: 'ClassSet'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ClassSet comment: 'A ClassSet is an IdentitySet that holds classes.'
%
doit
ClassSet category: 'Kernel-Collections'
%

doit
Bag subclass: 'IdentityBag'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
IdentityBag comment: 'An IdentityBag is a Bag whose elements are told apart by identity (==), not equality.'
%
doit
IdentityBag category: 'Kernel-Collections'
%

doit
IdentityBag subclass: 'RcIdentityBag'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
RcIdentityBag comment: 'In GemStone an RcIdentityBag is an IdentityBag that concurrent sessions can add to without conflicting. Here it is an IdentityBag.'
%
doit
RcIdentityBag category: 'Kernel-Collections'
%

doit
ReadStream subclass: 'ReadStreamPortable'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ReadStreamPortable comment: 'ReadStreamPortable is GemStone''s ReadStream with the ANSI protocol that portable code (ported from Pharo) expects. Here it is a ReadStream.'
%
doit
ReadStreamPortable category: 'Kernel-Streams'
%

doit
WriteStream subclass: 'WriteStreamPortable'
  instVarNames: #( writeLimit)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
WriteStreamPortable comment: 'WriteStreamPortable is GemStone''s WriteStream with the ANSI protocol that portable code (ported from Pharo) expects. Here it is a WriteStream.'
%
doit
WriteStreamPortable category: 'Kernel-Streams'
%

doit
ReadWriteStream subclass: 'ReadWriteStreamPortable'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ReadWriteStreamPortable comment: 'ReadWriteStreamPortable is GemStone''s ReadWriteStream with the ANSI protocol that portable code (ported from Pharo) expects. Here it is a ReadWriteStream.'
%
doit
ReadWriteStreamPortable category: 'Kernel-Streams'
%

doit
Object subclass: 'Reflection'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Reflection comment: 'Reflection answers facts about any object: its class (classOf:), its size in instance variables and indexed slots (sizeOf:, namedSizeOf:), the value in a slot (fetchFrom:at:) and its identity (oopOf:). GemStone answers them without sending the object a message; here they are answered with the kernel''s own basic messages (class, basicSize, instVarAt:, basicAt:, identityHash).'
%
doit
Reflection category: 'Kernel-System'
%

doit
WriteStream subclass: 'AppendStream'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
AppendStream comment: 'An AppendStream is a WriteStream that only appends to its collection.'
%
doit
AppendStream category: 'Kernel-Streams'
%

doit
KeyValueDictionary subclass: 'SymbolKeyValueDictionary'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
SymbolKeyValueDictionary comment: 'A SymbolKeyValueDictionary is a KeyValueDictionary whose keys are Symbols.'
%
doit
SymbolKeyValueDictionary category: 'Kernel-Collections'
%

doit
KeyValueDictionary subclass: 'IntegerKeyValueDictionary'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
IntegerKeyValueDictionary comment: 'An IntegerKeyValueDictionary is a KeyValueDictionary whose keys are Integers.'
%
doit
IntegerKeyValueDictionary category: 'Kernel-Collections'
%

doit
String byteSubclass: 'MultiByteString'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
MultiByteString comment: 'The superclass of the strings of more than one byte per character, DoubleByteString and QuadByteString. (In GemStone it is not a subclass of String.)'
%
doit
MultiByteString category: 'Kernel-Collections'
%

doit
MultiByteString byteSubclass: 'DoubleByteString'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
DoubleByteString comment: 'A DoubleByteString holds characters of code points up to 65535, two bytes each: what a String becomes when it is given such a character, and what a string literal holding one is. Given a character past 65535, it becomes a QuadByteString.'
%
doit
DoubleByteString category: 'Kernel-Collections'
%

doit
MultiByteString byteSubclass: 'QuadByteString'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
QuadByteString comment: 'A QuadByteString holds characters of any code point, four bytes each.'
%
doit
QuadByteString category: 'Kernel-Collections'
%

doit
Symbol subclass: 'DoubleByteSymbol'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
DoubleByteSymbol comment: 'In GemStone a DoubleByteSymbol is a Symbol with characters beyond code point 255. The embedded image''s Symbols hold code points 0 to 255, so it has none.'
%
doit
DoubleByteSymbol category: 'Kernel-Collections'
%

doit
Symbol subclass: 'QuadByteSymbol'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
QuadByteSymbol comment: 'In GemStone a QuadByteSymbol is a Symbol with characters beyond code point 65535. The embedded image''s Symbols hold code points 0 to 255, so it has none.'
%
doit
QuadByteSymbol category: 'Kernel-Collections'
%

doit
Object subclass: 'Random'
  instVarNames: #( seed)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Random comment: 'A Random answers pseudo-random numbers: next a Float between 0 and 1 (1 excluded), integerBetween:and: an Integer in a range, integer a 32-bit non-negative Integer. new seeds it from the clock; seed: from an Integer, for a repeatable sequence.'
%
doit
Random category: 'Kernel-Numbers'
%

doit
Random subclass: 'HostRandom'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
HostRandom comment: 'In GemStone a HostRandom reads the host operating system''s random source. Here it is a Random seeded from the clock: not for keys or tokens that must be unguessable.'
%
doit
HostRandom category: 'Kernel-Numbers'
%

doit
Random subclass: 'Lag1MwcRandom'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Lag1MwcRandom comment: 'In GemStone a Lag1MwcRandom is a Random using a lag-1 multiply-with-carry generator; seed: takes any SmallInteger. Here it is a Random (Park and Miller''s generator), seeded the same way.'
%
doit
Lag1MwcRandom category: 'Kernel-Numbers'
%

doit
Object subclass: 'CByteArray'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
CByteArray comment: 'In GemStone a CByteArray is memory of the C heap, for calls into C libraries. The embedded image calls no C library: the class exists so that code naming it compiles, and every use signals an Error.'
%
doit
CByteArray category: 'Kernel-System'
%

doit
Object subclass: 'CCallout'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
CCallout comment: 'In GemStone a CCallout calls a function of a C library. The embedded image calls no C library: the class exists so that code naming it compiles, and every use signals an Error.'
%
doit
CCallout category: 'Kernel-System'
%

doit
Date subclass: 'SmallDate'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
SmallDate comment: 'In GemStone a SmallDate is a Date held in the object pointer itself (an immediate object); Date today may answer one. Here every Date is a Date: the class exists for code that names it (e.g. to map both classes), and has no instances.'
%
doit
SmallDate category: 'Kernel-Time'
%

doit
Time subclass: 'SmallTime'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
SmallTime comment: 'In GemStone a SmallTime is a Time held in the object pointer itself (an immediate object). Here every Time is a Time: the class exists for code that names it, and has no instances.'
%
doit
SmallTime category: 'Kernel-Time'
%

doit
DateAndTime subclass: 'SmallDateAndTime'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
SmallDateAndTime comment: 'In GemStone a SmallDateAndTime is a DateAndTime held in the object pointer itself (an immediate object); DateAndTime now may answer one. Here every DateAndTime is a DateAndTime: the class exists for code that names it, and has no instances.'
%
doit
SmallDateAndTime category: 'Kernel-Time'
%

doit
Object subclass: 'CLibrary'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
CLibrary comment: 'In GemStone a CLibrary is a C shared library loaded for CCallouts. The embedded image loads no C library: the class exists so that code naming it compiles, and every use signals an Error.'
%
doit
CLibrary category: 'Kernel-System'
%

doit
WriteStream subclass: 'PrintStream'
  instVarNames: #( maxSize)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
PrintStream comment: 'A PrintStream is the stream printString and displayString print on: PrintStream printingOn: aString, or printingOn: aString maxSize: anInteger to stop collecting after anInteger characters; _collection answers what was printed.'
%
doit
PrintStream category: 'Kernel-Streams'
%

doit
Object subclass: 'Pragma'
  instVarNames: #( method keyword arguments)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Pragma comment: 'A Pragma is one <keyword: literal ...> annotation of a compiled method: keyword, arguments and the method (a GsNMethod) it was found in. GsNMethod>>pragmas answers a method''s; the class side finds them by keyword in a class or along a superclass chain (allNamed:in:, allNamed:from:to:).'
%
doit
Pragma category: 'Kernel-Classes'
%

doit
SequenceableCollection subclass: 'AbstractCollisionBucket'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
AbstractCollisionBucket comment: 'In GemStone the hash dictionaries keep colliding keys in collision buckets, AbstractCollisionBucket and its subclasses. This kernel''s dictionaries use open addressing, so there are no instances; the classes exist for code that extends or tests for them.'
%
doit
AbstractCollisionBucket category: 'Kernel-Collections'
%

doit
AbstractCollisionBucket subclass: 'CollisionBucket'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
CollisionBucket comment: 'In GemStone a CollisionBucket holds the keys and values that hash to one slot of a KeyValueDictionary. This kernel''s dictionaries use open addressing, so there are no instances.'
%
doit
CollisionBucket category: 'Kernel-Collections'
%

doit
Magnitude subclass: 'DateTime'
  instVarNames: #( dateAndTime)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
DateTime comment: 'DateTime is GemStone''s legacy point in time (before the ANSI DateAndTime). Here a DateTime wraps a DateAndTime in UTC: now, comparison, the parts of the date and time, asDateAndTime.'
%
doit
DateTime category: 'Kernel-Time'
%

doit
ByteArray byteSubclass: 'GsUuidV4'
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
GsUuidV4 comment: 'A GsUuidV4 is a random (version 4) UUID: 16 bytes; asString answers its canonical text, 36 characters of lowercase hexadecimal digits and hyphens.'
%
doit
GsUuidV4 category: 'Kernel-Collections'
%

doit
Object subclass: 'JsonParser'
  instVarNames: #( stream)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
JsonParser comment: 'JsonParser parse: aString answers the value of the JSON text aString: a Dictionary with String keys for an object, an Array for an array, a String, an Integer or Float, true, false or nil. It reads characters (decode UTF-8 bytes first), takes each \uXXXX escape as one character, and ignores what follows the first value.'
%
doit
JsonParser category: 'Kernel-Collections'
%

! ------------------------------------------------------------------ processes
removeallmethods ProcessorScheduler
removeallclassmethods ProcessorScheduler

category: 'accessing'
method: ProcessorScheduler
activeProcess
  "Answer the process running this code: in the embedded image, the only one."
  ^GsProcess _current
%
category: 'scheduling'
method: ProcessorScheduler
yield
  "Let other processes of the same priority run: there are none, so return at once."
  ^self
%
category: 'printing'
method: ProcessorScheduler
printOn: aStream
  aStream nextPutAll: 'aProcessorScheduler'
%

removeallmethods GsProcess
removeallclassmethods GsProcess

category: 'private'
classmethod: GsProcess
_current
  current == nil ifTrue: [current := self basicNew].
  ^current
%
category: 'instance creation'
classmethod: GsProcess
new
  ^Error new signal: 'the embedded image runs one Smalltalk process and cannot make another GsProcess'
%
category: 'debugging'
classmethod: GsProcess
stackReportToLevel: aLevel
  "Answer the active process's stack as text: one line per activation, innermost (the sender of this message) first, at most aLevel of them, e.g. 'AcmeOrder >> total line 4'. A handler asking sees the activations that signalled its exception beneath its own."
  <primitive: 156>
  ^ArgumentTypeError new signal: 'stackReportToLevel: expects a SmallInteger of 1 or more, not ', aLevel printString
%
category: 'debugging'
method: GsProcess
stackReportToLevel: aLevel
  "Answer the receiver's stack as GsProcess class>>stackReportToLevel: does: the receiver is the one running process."
  <primitive: 156>
  ^ArgumentTypeError new signal: 'stackReportToLevel: expects a SmallInteger of 1 or more, not ', aLevel printString
%

category: 'processes'
method: ExecBlock
fork
  ^self _oneProcess: #fork
%
category: 'processes'
method: ExecBlock
forkAt: aPriority
  ^self _oneProcess: #forkAt:
%
category: 'processes'
method: ExecBlock
newProcess
  ^self _oneProcess: #newProcess
%
category: 'private'
method: ExecBlock
_oneProcess: aSelector
  ^Error new signal: 'the embedded image runs one Smalltalk process: ExecBlock>>', aSelector, ' cannot start another'
%

removeallmethods SharedQueue
removeallclassmethods SharedQueue

category: 'instance creation'
classmethod: SharedQueue
new
  ^self basicNew _initialize
%
category: 'instance creation'
classmethod: SharedQueue
new: anInteger
  ^self new
%
category: 'private'
method: SharedQueue
_initialize
  items := OrderedCollection new
%
category: 'accessing'
method: SharedQueue
nextPut: anObject
  "Add anObject at the end of the queue and answer it."
  items addLast: anObject.
  ^anObject
%
category: 'accessing'
method: SharedQueue
next
  "Remove and answer the oldest object. GemStone waits for one when the queue is empty; no other process can add one here, so that is an Error."
  items isEmpty ifTrue: [^Error new signal: 'the SharedQueue is empty and the embedded image runs one process, so waiting for an object would never end'].
  ^items removeFirst
%
category: 'accessing'
method: SharedQueue
peek
  "Answer the oldest object without removing it, or nil when the queue is empty."
  ^items isEmpty ifTrue: [nil] ifFalse: [items first]
%
category: 'accessing'
method: SharedQueue
size
  ^items size
%
category: 'testing'
method: SharedQueue
isEmpty
  ^items isEmpty
%

! ------------------------------------------------------------------ outside the image
removeallmethods AbstractFileReference
removeallclassmethods AbstractFileReference

category: 'embedded image'
classmethod: AbstractFileReference
_unavailable: aSelector
  ^Error new signal: self name, ' is not available in the embedded image: it reaches outside the image (files of the server); ', self name, ' class>>', aSelector, ' was sent'
%
category: 'embedded image'
classmethod: AbstractFileReference
doesNotUnderstand: aMessage
  ^self _unavailable: aMessage selector
%
category: 'embedded image'
classmethod: AbstractFileReference
new
  ^self _unavailable: #new
%
category: 'embedded image'
classmethod: AbstractFileReference
basicNew
  ^self _unavailable: #basicNew
%

removeallmethods Path
removeallclassmethods Path

category: 'embedded image'
classmethod: Path
_unavailable: aSelector
  ^Error new signal: self name, ' is not available in the embedded image: it reaches outside the image (files of the server); ', self name, ' class>>', aSelector, ' was sent'
%
category: 'embedded image'
classmethod: Path
doesNotUnderstand: aMessage
  ^self _unavailable: aMessage selector
%
category: 'embedded image'
classmethod: Path
new
  ^self _unavailable: #new
%
category: 'embedded image'
classmethod: Path
basicNew
  ^self _unavailable: #basicNew
%

removeallmethods CByteArray
removeallclassmethods CByteArray

category: 'embedded image'
classmethod: CByteArray
_unavailable: aSelector
  ^Error new signal: self name, ' is not available in the embedded image: it reaches outside the image (C libraries of the host); ', self name, ' class>>', aSelector, ' was sent'
%
category: 'embedded image'
classmethod: CByteArray
doesNotUnderstand: aMessage
  ^self _unavailable: aMessage selector
%
category: 'embedded image'
classmethod: CByteArray
new
  ^self _unavailable: #new
%
category: 'embedded image'
classmethod: CByteArray
basicNew
  ^self _unavailable: #basicNew
%

removeallmethods CCallout
removeallclassmethods CCallout

category: 'embedded image'
classmethod: CCallout
_unavailable: aSelector
  ^Error new signal: self name, ' is not available in the embedded image: it reaches outside the image (C libraries of the host); ', self name, ' class>>', aSelector, ' was sent'
%
category: 'embedded image'
classmethod: CCallout
doesNotUnderstand: aMessage
  ^self _unavailable: aMessage selector
%
category: 'embedded image'
classmethod: CCallout
new
  ^self _unavailable: #new
%
category: 'embedded image'
classmethod: CCallout
basicNew
  ^self _unavailable: #basicNew
%

removeallmethods CLibrary
removeallclassmethods CLibrary

category: 'embedded image'
classmethod: CLibrary
_unavailable: aSelector
  ^Error new signal: self name, ' is not available in the embedded image: it reaches outside the image (C libraries of the host); ', self name, ' class>>', aSelector, ' was sent'
%
category: 'embedded image'
classmethod: CLibrary
doesNotUnderstand: aMessage
  ^self _unavailable: aMessage selector
%
category: 'embedded image'
classmethod: CLibrary
new
  ^self _unavailable: #new
%
category: 'embedded image'
classmethod: CLibrary
basicNew
  ^self _unavailable: #basicNew
%

! ------------------------------------------------------------------ Random
removeallmethods Random
removeallclassmethods Random

category: 'instance creation'
classmethod: Random
new
  "Answer a Random seeded from the clock."
  ^self seed: Time millisecondsSinceEpoch + self identityHash
%
category: 'instance creation'
classmethod: Random
seed: anInteger
  "Answer a Random whose sequence is fixed by anInteger."
  ^self basicNew setSeed: anInteger
%
category: 'private'
method: Random
setSeed: anInteger
  "Park and Miller's minimal standard generator: the seed is 1 to 2^31 - 2."
  seed := anInteger abs \\ 2147483646 + 1
%
category: 'private'
method: Random
nextSeed
  seed := seed * 16807 \\ 2147483647.
  ^seed
%
category: 'accessing'
method: Random
next
  "Answer a Float from 0 (included) to 1 (excluded)."
  ^(self nextSeed - 1) asFloat / 2147483646.0
%
category: 'accessing'
method: Random
integerBetween: low and: high
  "Answer an Integer from low to high, both included."
  ^low + (self next * (high - low + 1)) floor
%
category: 'accessing'
method: Random
between: low and: high
  ^self integerBetween: low and: high
%
category: 'accessing'
method: Random
integer
  "Answer an Integer from 0 to 2^32 - 1."
  ^((self nextSeed bitAnd: 16rFFFF) bitShift: 16) + (self nextSeed bitAnd: 16rFFFF)
%

! ------------------------------------------------------------------ IdentityBag
removeallmethods IdentityBag
removeallclassmethods IdentityBag

category: 'private'
method: IdentityBag
setCounts
  counts := IdentityDictionary new.
  tally := 0
%

! ------------------------------------------------------------------ Reflection
removeallmethods Reflection
removeallclassmethods Reflection

category: 'querying'
classmethod: Reflection
classOf: anObject
  ^anObject class
%
category: 'querying'
classmethod: Reflection
namedSizeOf: anObject
  "Answer the number of named instance variables of anObject."
  ^anObject class instSize
%
category: 'querying'
classmethod: Reflection
sizeOf: anObject
  "Answer the number of slots of anObject: named instance variables and indexed elements."
  ^anObject class instSize + anObject basicSize
%
category: 'querying'
classmethod: Reflection
fetchFrom: anObject at: anIndex
  "Answer the value in slot anIndex of anObject: its named instance variables first, then its indexed elements."
  | named |
  named := anObject class instSize.
  ^anIndex <= named
    ifTrue: [anObject instVarAt: anIndex]
    ifFalse: [anObject basicAt: anIndex - named]
%
category: 'querying'
classmethod: Reflection
oopOf: anObject
  "Answer a SmallInteger that identifies anObject for the life of the session (GemStone answers its object-oriented pointer)."
  ^anObject identityHash
%

doit
Globals at: #Processor put: ProcessorScheduler new
%

! ------------------------------------------------------------------ PrintStream
removeallmethods PrintStream
removeallclassmethods PrintStream

category: 'instance creation'
classmethod: PrintStream
printingOn: aString
  "Answer a PrintStream that appends to aString."
  ^self on: aString
%
category: 'instance creation'
classmethod: PrintStream
printingOn: aString maxSize: anInteger
  "Answer a PrintStream that appends to aString and keeps at most anInteger characters."
  ^(self on: aString) maxSize: anInteger
%
category: 'private'
method: PrintStream
maxSize: anInteger
  maxSize := anInteger
%
category: 'accessing'
method: PrintStream
maxSize
  ^maxSize
%
category: 'accessing'
method: PrintStream
_collection
  "Answer what was printed: the contents, cut to maxSize characters when one was given."
  | contents |
  contents := self contents.
  (maxSize ~~ nil and: [contents size > maxSize])
    ifTrue: [^contents copyFrom: 1 to: maxSize].
  ^contents
%

! ------------------------------------------------------------------ Pragma
removeallmethods Pragma
removeallclassmethods Pragma

category: 'instance creation'
classmethod: Pragma
keyword: aSymbol arguments: anArray
  ^self new setKeyword: aSymbol arguments: anArray
%
category: 'finding'
classmethod: Pragma
allNamed: aSymbol in: aClass
  "Answer an Array of the pragmas with keyword aSymbol in the methods of aClass (its own methods, by selector)."
  | found |
  found := OrderedCollection new.
  aClass selectors asSortedCollection do: [:selector |
    (aClass compiledMethodAt: selector) pragmas do: [:each |
      each keyword == aSymbol asSymbol ifTrue: [found add: each]]].
  ^found asArray
%
category: 'finding'
classmethod: Pragma
allNamed: aSymbol from: aSubclass to: aSuperclass
  "Answer an Array of the pragmas with keyword aSymbol in the methods of aSubclass and each of its superclasses up to aSuperclass, both included."
  | found class |
  found := OrderedCollection new.
  class := aSubclass.
  [class == nil] whileFalse: [
    found addAll: (self allNamed: aSymbol in: class).
    class == aSuperclass ifTrue: [^found asArray].
    class := class superclass].
  ^found asArray
%
category: 'finding'
classmethod: Pragma
allNamed: aSymbol in: aClass sortedByArgument: anInteger
  ^((self allNamed: aSymbol in: aClass) asSortedCollection: [:a :b | (a argumentAt: anInteger) <= (b argumentAt: anInteger)]) asArray
%
category: 'finding'
classmethod: Pragma
allNamed: aSymbol from: aSubclass to: aSuperclass sortedByArgument: anInteger
  ^((self allNamed: aSymbol from: aSubclass to: aSuperclass) asSortedCollection: [:a :b | (a argumentAt: anInteger) <= (b argumentAt: anInteger)]) asArray
%
category: 'private'
method: Pragma
setKeyword: aSymbol arguments: anArray
  keyword := aSymbol.
  arguments := anArray
%
category: 'private'
method: Pragma
setMethod: aGsNMethod
  method := aGsNMethod
%
category: 'accessing'
method: Pragma
keyword
  ^keyword
%
category: 'accessing'
method: Pragma
selector
  "Answer the selector of the method the pragma is in."
  ^method selector
%
category: 'accessing'
method: Pragma
arguments
  ^arguments
%
category: 'accessing'
method: Pragma
argumentAt: anInteger
  ^arguments at: anInteger
%
category: 'accessing'
method: Pragma
numArgs
  ^arguments size
%
category: 'accessing'
method: Pragma
method
  ^method
%
category: 'accessing'
method: Pragma
methodClass
  ^method inClass
%
category: 'accessing'
method: Pragma
message
  ^Message selector: keyword arguments: arguments
%
category: 'printing'
method: Pragma
printOn: aStream
  "As GemStone prints a pragma: < gtExample > or < foo: 1 bar: #'baz' >."
  aStream nextPut: $<.
  arguments isEmpty
    ifTrue: [aStream space; nextPutAll: keyword]
    ifFalse: [
      | parts |
      parts := keyword keywords.
      1 to: parts size do: [:i |
        aStream space; nextPutAll: (parts at: i); space; print: (arguments at: i)]].
  aStream space; nextPut: $>
%

category: 'accessing'
method: GsNMethod
pragmas
  "Answer an Array of the method's pragmas (Pragma objects), in source order."
  ^sourceString _pragmaSpecs collect: [:each |
    (Pragma keyword: each first arguments: each last) setMethod: self; yourself]
%
category: 'private'
method: CharacterCollection
_pragmaSpecs
  "The pragmas of the method whose source is the receiver: an Array of {keyword. arguments} pairs."
  <primitive: 149>
  ^#()
%

! ------------------------------------------------------------------ DateTime
removeallmethods DateTime
removeallclassmethods DateTime

category: 'instance creation'
classmethod: DateTime
now
  "Answer the current time, in UTC."
  ^self fromDateAndTime: DateAndTime now
%
category: 'instance creation'
classmethod: DateTime
fromDateAndTime: aDateAndTime
  ^self new setDateAndTime: aDateAndTime
%
category: 'private'
method: DateTime
setDateAndTime: aDateAndTime
  dateAndTime := aDateAndTime
%
category: 'converting'
method: DateTime
asDateAndTime
  ^dateAndTime
%
category: 'accessing'
method: DateTime
year
  ^dateAndTime year
%
category: 'accessing'
method: DateTime
month
  ^dateAndTime month
%
category: 'accessing'
method: DateTime
dayOfMonth
  ^dateAndTime dayOfMonth
%
category: 'accessing'
method: DateTime
hour
  ^dateAndTime hour
%
category: 'accessing'
method: DateTime
minute
  ^dateAndTime minute
%
category: 'accessing'
method: DateTime
second
  ^dateAndTime second
%
category: 'comparing'
method: DateTime
< aDateTime
  ^dateAndTime < aDateTime asDateAndTime
%
category: 'comparing'
method: DateTime
= anObject
  ^(anObject isKindOf: DateTime) and: [dateAndTime = anObject asDateAndTime]
%
category: 'comparing'
method: DateTime
hash
  ^dateAndTime hash
%
category: 'printing'
method: DateTime
printOn: aStream
  dateAndTime printOn: aStream
%

! ------------------------------------------------------------------ GsUuidV4
removeallmethods GsUuidV4
removeallclassmethods GsUuidV4

category: 'instance creation'
classmethod: GsUuidV4
new
  "Answer a new random UUID (RFC 4122 version 4, variant 10)."
  | random uuid |
  random := HostRandom new.
  uuid := self basicNew: 16.
  1 to: 16 do: [:i | uuid at: i put: (random integerBetween: 0 and: 255)].
  uuid at: 7 put: ((uuid at: 7) bitAnd: 16r0F) + 16r40.
  uuid at: 9 put: ((uuid at: 9) bitAnd: 16r3F) + 16r80.
  ^uuid
%
category: 'converting'
method: GsUuidV4
asString
  "E.g. 'f47ac10b-58cc-4372-a567-0e02b2c3d479'."
  | stream digits |
  digits := '0123456789abcdef'.
  stream := WriteStream on: String new.
  1 to: self size do: [:i |
    (i = 5 or: [i = 7 or: [i = 9 or: [i = 11]]]) ifTrue: [stream nextPut: $-].
    stream
      nextPut: (digits at: ((self at: i) bitShift: -4) + 1);
      nextPut: (digits at: ((self at: i) bitAnd: 15) + 1)].
  ^stream contents
%
category: 'printing'
method: GsUuidV4
printOn: aStream
  aStream nextPutAll: self asString
%

! ------------------------------------------------------------------ JsonParser
removeallmethods JsonParser
removeallclassmethods JsonParser

category: 'parsing'
classmethod: JsonParser
parse: aString
  "Answer the value of the JSON text aString."
  ^self new parse: aString
%
category: 'parsing'
method: JsonParser
parse: aString
  stream := ReadStream on: aString.
  ^self parseValue
%
category: 'private'
method: JsonParser
fail: aString
  ^Error signal: 'JSON text: ', aString, ' at character ', (stream position + 1) printString
%
category: 'private'
method: JsonParser
skipWhitespace
  [stream atEnd not and: [stream peek isSeparator]] whileTrue: [stream next]
%
category: 'private'
method: JsonParser
expect: aCharacter
  self skipWhitespace.
  (stream atEnd not and: [stream next == aCharacter])
    ifFalse: [^self fail: 'expected ', aCharacter printString]
%
category: 'private'
method: JsonParser
parseValue
  | c |
  self skipWhitespace.
  stream atEnd ifTrue: [^self fail: 'a value is missing'].
  c := stream peek.
  c == ${ ifTrue: [^self parseObject].
  c == $[ ifTrue: [^self parseArray].
  c == $" ifTrue: [^self parseString].
  (c == $- or: [c isDigit]) ifTrue: [^self parseNumber].
  (self skipWord: 'true') ifTrue: [^true].
  (self skipWord: 'false') ifTrue: [^false].
  (self skipWord: 'null') ifTrue: [^nil].
  ^self fail: 'unexpected ', c printString
%
category: 'private'
method: JsonParser
skipWord: aString
  "Answer whether aString comes next, reading past it if it does."
  | start |
  start := stream position.
  aString do: [:each |
    (stream atEnd not and: [stream next == each])
      ifFalse: [stream position: start. ^false]].
  ^true
%
category: 'private'
method: JsonParser
parseObject
  | dictionary |
  stream next.
  dictionary := Dictionary new.
  self skipWhitespace.
  stream peek == $} ifTrue: [stream next. ^dictionary].
  [| key |
   self skipWhitespace.
   stream peek == $" ifFalse: [^self fail: 'expected a string key'].
   key := self parseString.
   self expect: $:.
   dictionary at: key put: self parseValue.
   self skipWhitespace.
   stream peek == $,] whileTrue: [stream next].
  self expect: $}.
  ^dictionary
%
category: 'private'
method: JsonParser
parseArray
  | elements |
  stream next.
  elements := OrderedCollection new.
  self skipWhitespace.
  stream peek == $] ifTrue: [stream next. ^elements asArray].
  [elements add: self parseValue.
   self skipWhitespace.
   stream peek == $,] whileTrue: [stream next].
  self expect: $].
  ^elements asArray
%
category: 'private'
method: JsonParser
parseString
  | out c |
  stream next.
  out := WriteStream on: String new.
  [stream atEnd ifTrue: [^self fail: 'a string is not closed'].
   (c := stream next) == $"] whileFalse: [
    c == $\
      ifTrue: [| escaped | escaped := self parseEscape. escaped == nil ifFalse: [out nextPut: escaped]]
      ifFalse: [out nextPut: c]].
  ^out contents
%
category: 'private'
method: JsonParser
parseEscape
  "The character a backslash escape stands for; nil (the escape is dropped) for one JSON does not define."
  | c code |
  stream atEnd ifTrue: [^self fail: 'a string is not closed'].
  c := stream next.
  c == $n ifTrue: [^Character lf].
  c == $t ifTrue: [^Character tab].
  c == $r ifTrue: [^Character cr].
  c == $b ifTrue: [^Character value: 8].
  c == $f ifTrue: [^Character value: 12].
  (c == $" or: [c == $\ or: [c == $/]]) ifTrue: [^c].
  c == $u ifFalse: [^nil].
  code := 0.
  4 timesRepeat: [
    | digit |
    stream atEnd ifTrue: [^self fail: 'a \u escape needs four hexadecimal digits'].
    digit := stream next digitValue.
    (digit between: 0 and: 15) ifFalse: [^self fail: 'a \u escape needs four hexadecimal digits'].
    code := code * 16 + digit].
  ^Character codePoint: code
%
category: 'private'
method: JsonParser
parseNumber
  | out |
  out := WriteStream on: String new.
  [stream atEnd not and: ['0123456789+-.eE' includes: stream peek]]
    whileTrue: [out nextPut: stream next].
  ^out contents asLowercase asNumber ifNil: [self fail: 'not a number: ', out contents]
%

! ------------------------------------------------------------------ DoubleByteString, QuadByteString
category: 'private'
method: DoubleByteString
_maxCodePoint
  ^16rFFFF
%
category: 'private'
method: QuadByteString
_maxCodePoint
  ^16r10FFFF
%

! ------------------------------------------------------------------ JSON writing
! Object>>asJson answers the receiver as JSON text (GemTalk/mcp_server names it
! among the image facilities it builds on). Each kind of value writes itself
! with _writeJsonOn:.

category: 'json'
method: Object
asJson
  "Answer the receiver as compact JSON text: a dictionary as an object (its keys as strings), any other collection as an array, a string or symbol as a string, a number, true, false or nil (null)."
  | stream |
  stream := WriteStream on: (String new: 64).
  self _writeJsonOn: stream.
  ^stream contents
%
category: 'json'
method: Object
_writeJsonOn: aStream
  ^ArgumentTypeError signal: self class nameWithArticle, ' has no JSON form; answer a dictionary, a collection, a string, a number, a Boolean or nil'
%
category: 'json'
method: UndefinedObject
_writeJsonOn: aStream
  aStream nextPutAll: 'null'
%
category: 'json'
method: Boolean
_writeJsonOn: aStream
  aStream nextPutAll: self printString
%
category: 'json'
method: Number
_writeJsonOn: aStream
  "A fraction or scaled decimal is written as the float nearest it: JSON has no exact form for it."
  self asFloat _writeJsonOn: aStream
%
category: 'json'
method: Integer
_writeJsonOn: aStream
  aStream nextPutAll: self printString
%
category: 'json'
method: BinaryFloat
_writeJsonOn: aStream
  "JSON has no NaN or infinity: they are written as null."
  self isFinite
    ifTrue: [aStream nextPutAll: self printString]
    ifFalse: [aStream nextPutAll: 'null']
%
category: 'json'
method: Collection
_writeJsonOn: aStream
  | first |
  first := true.
  aStream nextPut: $[.
  self do: [:each |
    first ifFalse: [aStream nextPut: $,].
    first := false.
    each _writeJsonOn: aStream].
  aStream nextPut: $]
%
category: 'json'
method: AbstractDictionary
_writeJsonOn: aStream
  | first |
  first := true.
  aStream nextPut: ${.
  self keysAndValuesDo: [:key :value |
    first ifFalse: [aStream nextPut: $,].
    first := false.
    key asString _writeJsonOn: aStream.
    aStream nextPut: $:.
    value _writeJsonOn: aStream].
  aStream nextPut: $}
%
category: 'json'
method: CharacterCollection
_writeJsonOn: aStream
  "A string: quotes, backslashes and control characters escaped; every other character as it is."
  aStream nextPut: $".
  self do: [:c | self _writeJsonCharacter: c on: aStream].
  aStream nextPut: $"
%
category: 'json'
method: CharacterCollection
_writeJsonCharacter: c on: aStream
  | code |
  code := c codePoint.
  (c = $" or: [c = $\]) ifTrue: [^aStream nextPut: $\; nextPut: c].
  code = 10 ifTrue: [^aStream nextPutAll: '\n'].
  code = 13 ifTrue: [^aStream nextPutAll: '\r'].
  code = 9 ifTrue: [^aStream nextPutAll: '\t'].
  code >= 32 ifTrue: [^aStream nextPut: c].
  aStream nextPutAll: '\u00'.
  code < 16 ifTrue: [aStream nextPut: $0].
  aStream nextPutAll: (code printString: 16) asLowercase
%
