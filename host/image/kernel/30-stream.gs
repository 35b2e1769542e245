! gs-mcp kernel class library, part 30: streams.
! Stream, PositionableStream, ReadStream, WriteStream, ReadWriteStream and
! TranscriptStream, whose single instance the global Transcript names.
! Positions are 0-based: position is the number of elements before the
! next one to be read or written.
set compile_env: 0

doit
Object subclass: 'Stream'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Stream comment: 'Stream is the abstract class of sequential access to a source or sink of objects. Subclasses define next, nextPut: and atEnd; formatting helpers (print:, space, tab, cr, <<) are built on nextPut: and nextPutAll:.'
%
doit
Stream category: 'Kernel-Streams'
%

doit
Stream subclass: 'PositionableStream'
  instVarNames: #( collection position readLimit)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
PositionableStream comment: 'A PositionableStream streams over a SequenceableCollection and knows its position in it, so it can peek, skip and reposition.'
%
doit
PositionableStream category: 'Kernel-Streams'
%

doit
PositionableStream subclass: 'ReadStream'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ReadStream comment: 'A ReadStream reads the elements of a SequenceableCollection in order: next, peek, upTo:, skip:, atEnd.'
%
doit
ReadStream category: 'Kernel-Streams'
%

doit
PositionableStream subclass: 'WriteStream'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
WriteStream comment: 'A WriteStream appends elements to a SequenceableCollection, growing it as needed; contents answers what was written. (WriteStream on: String new) is the usual way to build a String.'
%
doit
WriteStream category: 'Kernel-Streams'
%

doit
WriteStream subclass: 'ReadWriteStream'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ReadWriteStream comment: 'A ReadWriteStream can both write and read its collection: after writing, reset and read back what was written.'
%
doit
ReadWriteStream category: 'Kernel-Streams'
%

doit
Stream subclass: 'TranscriptStream'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
TranscriptStream comment: 'A TranscriptStream writes text to the session''s transcript: output that the server captures and returns with the result of the code that wrote it. The global Transcript is an instance. show: is the usual entry point.'
%
doit
TranscriptStream category: 'Kernel-Streams'
%

! ------------------------------------------------------------------ Stream
removeallmethods Stream
removeallclassmethods Stream

category: 'accessing'
method: Stream
next
  "Answer the next element and advance past it."
  ^self subclassResponsibility
%
category: 'accessing'
method: Stream
next: anInteger
  "Answer the next anInteger elements in a collection like the streamed one."
  | result |
  result := WriteStream on: (self collectionSpecies new: anInteger).
  anInteger timesRepeat: [
    self atEnd ifTrue: [^result contents].
    result nextPut: self next].
  ^result contents
%
category: 'accessing'
method: Stream
nextPut: anObject
  "Write anObject and answer it."
  ^self subclassResponsibility
%
category: 'accessing'
method: Stream
nextPutAll: aCollection
  "Write each element of aCollection and answer aCollection."
  aCollection do: [:each | self nextPut: each].
  ^aCollection
%
category: 'accessing'
method: Stream
contents
  ^self subclassResponsibility
%
category: 'accessing'
method: Stream
collectionSpecies
  ^Array
%
category: 'testing'
method: Stream
atEnd
  ^self subclassResponsibility
%
category: 'enumerating'
method: Stream
do: aBlock
  "Evaluate aBlock with each remaining element."
  [self atEnd] whileFalse: [aBlock value: self next]
%
category: 'printing'
method: Stream
print: anObject
  "Write anObject's printString."
  anObject printOn: self
%
category: 'printing'
method: Stream
display: anObject
  "Write anObject's displayString."
  anObject displayOn: self
%
category: 'printing'
method: Stream
<< anObject
  "Write a String or Symbol as it is and anything else as its displayString; answer the receiver so that sends chain."
  anObject isString
    ifTrue: [self nextPutAll: anObject]
    ifFalse: [anObject displayOn: self]
%
category: 'printing'
method: Stream
show: aString
  self nextPutAll: aString displayString
%
category: 'character writing'
method: Stream
space
  self nextPut: Character space
%
category: 'character writing'
method: Stream
space: anInteger
  anInteger timesRepeat: [self space]
%
category: 'character writing'
method: Stream
tab
  self nextPut: Character tab
%
category: 'character writing'
method: Stream
tab: anInteger
  anInteger timesRepeat: [self tab]
%
category: 'character writing'
method: Stream
cr
  "Write a line end. This kernel ends lines with a line feed."
  self nextPut: Character lf
%
category: 'character writing'
method: Stream
lf
  self nextPut: Character lf
%
category: 'character writing'
method: Stream
nl
  self nextPut: Character lf
%
category: 'character writing'
method: Stream
crtab
  self cr; tab
%
category: 'flushing'
method: Stream
flush
  "Push buffered output to its destination; in-memory streams have none."
  ^self
%

! ------------------------------------------------------------------ PositionableStream
removeallmethods PositionableStream
removeallclassmethods PositionableStream

category: 'private'
method: PositionableStream
on: aCollection
  collection := aCollection.
  position := 0.
  readLimit := aCollection size
%
category: 'accessing'
method: PositionableStream
collectionSpecies
  ^collection species
%
category: 'accessing'
method: PositionableStream
originalContents
  ^collection
%
category: 'private'
method: PositionableStream
_collection
  "Answer the collection the receiver streams over (GemStone's private accessor, which code written for it sends)."
  ^collection
%
category: 'accessing'
method: PositionableStream
contents
  "Answer a copy of the streamed elements."
  ^collection copyFrom: 1 to: readLimit
%
category: 'accessing'
method: PositionableStream
next
  "Answer the next element, or nil at the end."
  position >= readLimit ifTrue: [^nil].
  position := position + 1.
  ^collection at: position
%
category: 'accessing'
method: PositionableStream
peek
  "Answer the next element without advancing, or nil at the end."
  position >= readLimit ifTrue: [^nil].
  ^collection at: position + 1
%
category: 'accessing'
method: PositionableStream
peekFor: anObject
  "If the next element equals anObject, advance past it and answer true; otherwise answer false."
  self atEnd ifTrue: [^false].
  self peek = anObject ifFalse: [^false].
  position := position + 1.
  ^true
%
category: 'accessing'
method: PositionableStream
upTo: anObject
  "Answer the elements up to (not including) the next anObject, and advance past it (or to the end)."
  | result element |
  result := WriteStream on: (collection species new: 16).
  [self atEnd] whileFalse: [
    element := self next.
    element = anObject ifTrue: [^result contents].
    result nextPut: element].
  ^result contents
%
category: 'accessing'
method: PositionableStream
upToAll: aCollection
  "Answer the elements up to (not including) the next occurrence of the elements of aCollection, and advance past it; when there is none, answer the rest and advance to the end."
  | start index |
  start := position.
  index := collection indexOfSubCollection: aCollection startingAt: position + 1.
  (index = 0 or: [index + aCollection size - 1 > readLimit]) ifTrue: [
    position := readLimit.
    ^collection copyFrom: start + 1 to: readLimit].
  position := index + aCollection size - 1.
  ^collection copyFrom: start + 1 to: index - 1
%
category: 'accessing'
method: PositionableStream
upToEnd
  | result |
  result := collection copyFrom: position + 1 to: readLimit.
  position := readLimit.
  ^result
%
category: 'accessing'
method: PositionableStream
nextLine
  "Answer the characters up to the next line end (LF, CR or CR LF) and advance past it."
  | result c |
  result := WriteStream on: (String new: 40).
  [self atEnd] whileFalse: [
    c := self next.
    c = Character lf ifTrue: [^result contents].
    c = Character cr ifTrue: [self peekFor: Character lf. ^result contents].
    result nextPut: c].
  ^result contents
%
category: 'testing'
method: PositionableStream
atEnd
  ^position >= readLimit
%
category: 'testing'
method: PositionableStream
isEmpty
  ^readLimit = 0
%
category: 'testing'
method: PositionableStream
notEmpty
  ^readLimit > 0
%
category: 'positioning'
method: PositionableStream
position
  ^position
%
category: 'positioning'
method: PositionableStream
position: anInteger
  "Set the position: anInteger elements lie before the next one read."
  (anInteger between: 0 and: readLimit) ifFalse: [^self _indexError: anInteger].
  position := anInteger
%
category: 'positioning'
method: PositionableStream
reset
  position := 0
%
category: 'positioning'
method: PositionableStream
setToEnd
  position := readLimit
%
category: 'positioning'
method: PositionableStream
skip: anInteger
  "Move the position by anInteger (backward when negative), staying within the stream."
  position := (position + anInteger max: 0) min: readLimit
%
category: 'positioning'
method: PositionableStream
skipTo: anObject
  "Advance past the next occurrence of anObject; answer whether there was one."
  [self atEnd] whileFalse: [self next = anObject ifTrue: [^true]].
  ^false
%
category: 'positioning'
method: PositionableStream
skipSeparators
  [self atEnd not and: [self peek isSeparator]] whileTrue: [position := position + 1]
%
category: 'instance creation'
classmethod: PositionableStream
on: aCollection
  "Answer a stream over aCollection, positioned at its start."
  ^self basicNew on: aCollection
%
category: 'instance creation'
classmethod: PositionableStream
new
  ^self shouldNotImplement
%

! ------------------------------------------------------------------ ReadStream
removeallmethods ReadStream
removeallclassmethods ReadStream

category: 'accessing'
method: ReadStream
nextPut: anObject
  ^self shouldNotImplement
%
category: 'instance creation'
classmethod: ReadStream
on: aCollection from: firstIndex to: lastIndex
  "Answer a stream over the elements of aCollection from firstIndex to lastIndex."
  ^self on: (aCollection copyFrom: firstIndex to: lastIndex)
%

! ------------------------------------------------------------------ WriteStream
removeallmethods WriteStream
removeallclassmethods WriteStream

category: 'private'
method: WriteStream
on: aCollection
  "Write from the start of aCollection, replacing its elements; contents will be what is written."
  collection := aCollection.
  position := 0.
  readLimit := 0
%
category: 'private'
method: WriteStream
with: aCollection
  "Write after the existing elements of aCollection."
  collection := aCollection.
  position := aCollection size.
  readLimit := position
%
category: 'private'
method: WriteStream
_grow
  | bigger |
  bigger := collection species new: collection size * 2 + 16.
  bigger replaceFrom: 1 to: collection size with: collection startingAt: 1.
  collection := bigger
%
category: 'accessing'
method: WriteStream
nextPut: anObject
  "Append anObject and answer it."
  position >= collection size ifTrue: [self _grow].
  position := position + 1.
  collection at: position put: anObject.
  position > readLimit ifTrue: [readLimit := position].
  ^anObject
%
category: 'accessing'
method: WriteStream
nextPutAll: aCollection
  aCollection do: [:each | self nextPut: each].
  ^aCollection
%
category: 'accessing'
method: WriteStream
contents
  "Answer what has been written, up to the current position."
  ^collection copyFrom: 1 to: position
%
category: 'accessing'
method: WriteStream
next
  ^self shouldNotImplement
%
category: 'positioning'
method: WriteStream
reset
  "Start writing again from the beginning."
  position := 0.
  readLimit := 0
%
category: 'testing'
method: WriteStream
isEmpty
  ^position = 0
%
category: 'instance creation'
classmethod: WriteStream
with: aCollection
  "Answer a stream that appends to the elements already in aCollection."
  ^self basicNew with: aCollection
%

! ------------------------------------------------------------------ ReadWriteStream
removeallmethods ReadWriteStream
removeallclassmethods ReadWriteStream

category: 'accessing'
method: ReadWriteStream
next
  position >= readLimit ifTrue: [^nil].
  position := position + 1.
  ^collection at: position
%
category: 'accessing'
method: ReadWriteStream
contents
  "Answer everything written, whatever the current position."
  ^collection copyFrom: 1 to: readLimit
%
category: 'positioning'
method: ReadWriteStream
reset
  "Go back to the start to read what was written."
  position := 0
%
category: 'testing'
method: ReadWriteStream
isEmpty
  ^readLimit = 0
%

! ------------------------------------------------------------------ TranscriptStream
removeallmethods TranscriptStream
removeallclassmethods TranscriptStream

category: 'accessing'
method: TranscriptStream
nextPutAll: aString
  "Append aString's characters to the session transcript and answer aString."
  self _write: aString displayString.
  ^aString
%
category: 'accessing'
method: TranscriptStream
nextPut: aCharacter
  self _write: (String with: aCharacter).
  ^aCharacter
%
category: 'accessing'
method: TranscriptStream
show: anObject
  "Append anObject's displayString: strings as they are, other objects as printed."
  self _write: anObject displayString
%
category: 'accessing'
method: TranscriptStream
crShow: anObject
  self cr; show: anObject
%
category: 'accessing'
method: TranscriptStream
showCr: anObject
  self show: anObject; cr
%
category: 'accessing'
method: TranscriptStream
contents
  "The transcript is write-only."
  ^self shouldNotImplement
%
category: 'accessing'
method: TranscriptStream
collectionSpecies
  ^String
%
category: 'testing'
method: TranscriptStream
atEnd
  ^true
%
category: 'accessing'
method: TranscriptStream
next
  ^self shouldNotImplement
%
category: 'printing'
method: TranscriptStream
printOn: aStream
  aStream nextPutAll: 'aTranscriptStream'
%
category: 'private'
method: TranscriptStream
_write: aString
  "Write aString where GemStone's Transcript writes: to the stream a client put in SessionTemps current at: #TranscriptStream_SessionStream, if any (as JadeServer and Jasper do), else to the output the session captures."
  | sink |
  sink := SessionTemps current at: #TranscriptStream_SessionStream ifAbsent: [nil].
  sink == nil ifTrue: [^self _append: aString].
  sink nextPutAll: aString
%
category: 'private'
method: TranscriptStream
_append: aString
  "Append aString to the output the session captures for the current execution."
  <primitive: 120>
  ^ArgumentTypeError new signal: 'the transcript accepts Strings, not ', aString printString
%

! The global Transcript: a TranscriptStream. A loader that evaluates doits
! runs this; one that does not must bind Globals at #Transcript itself.
doit
Globals at: #Transcript put: TranscriptStream new
%
