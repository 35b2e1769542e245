! gs-mcp kernel class library, part 20: collections.
! Collection, SequenceableCollection, Array, ByteArray, CharacterCollection,
! String, Symbol, Unicode7, Unicode16, Unicode32, OrderedCollection, SortedCollection, Interval,
! UnorderedCollection, Bag, Set, IdentitySet, AbstractDictionary,
! KeyValueDictionary, StringKeyValueDictionary, IdentityKeyValueDictionary, Dictionary, IdentityDictionary,
! SymbolDictionary, Association, SymbolAssociation, Utf8.
! Everything here is Smalltalk over the indexed-slot primitives of Object.
set compile_env: 0

doit
Object subclass: 'Collection'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Collection comment: 'Collection is the abstract class of groups of objects. Subclasses define do:, add: and remove:ifAbsent:; enumeration (collect:, select:, reject:, detect:ifNone:, inject:into:), testing, conversion and printing are built on them here. A collection prints as its class name with an article and its elements'' printStrings, e.g. anArray( 1, $a, ''b'', #''c'').'
%
doit
Collection category: 'Kernel-Collections'
%

doit
Collection subclass: 'SequenceableCollection'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
SequenceableCollection comment: 'SequenceableCollection is the abstract class of collections whose elements have an order and are reached by an Integer index from 1 to size: copying parts, searching, concatenating, reversing, sorting and enumerating with indexes.'
%
doit
SequenceableCollection category: 'Kernel-Collections'
%

doit
SequenceableCollection indexableSubclass: 'Array'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Array comment: 'An Array is a fixed-size sequence of arbitrary objects, indexed from 1. Literal arrays #( ... ) and brace arrays { ... } are Arrays.'
%
doit
Array category: 'Kernel-Collections'
%

doit
SequenceableCollection byteSubclass: 'ByteArray'
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ByteArray comment: 'A ByteArray is a fixed-size sequence of bytes: SmallIntegers from 0 to 255.'
%
doit
ByteArray category: 'Kernel-Collections'
%

doit
ByteArray byteSubclass: 'Utf8'
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Utf8 comment: 'A Utf8 holds the UTF-8 encoding of a string, as encodeAsUTF8 answers it; decodeFromUTF8 answers the string again.'
%
doit
Utf8 category: 'Kernel-Collections'
%

doit
SequenceableCollection subclass: 'CharacterCollection'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
CharacterCollection comment: 'CharacterCollection is the abstract class of sequences of Characters. It holds the text protocol: comparison, case conversion, searching for characters and substrings, splitting, trimming and conversion to numbers and symbols.'
%
doit
CharacterCollection category: 'Kernel-Collections'
%

doit
CharacterCollection byteSubclass: 'String'
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
String comment: 'A String is a mutable sequence of Characters with code points 0 to 255, stored one byte each. It prints between single quotes with embedded quotes doubled; its displayString is its text alone.'
%
doit
String category: 'Kernel-Collections'
%

doit
String byteSubclass: 'Symbol'
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Symbol comment: 'A Symbol is a unique, invariant String: two Symbols with the same characters are the same object. Selectors and global names are Symbols. A Symbol prints as #''foo''.'
%
doit
Symbol category: 'Kernel-Collections'
%

doit
String byteSubclass: 'Unicode7'
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Unicode7 comment: 'A Unicode7 is a String whose characters are all 7-bit (code points 0 to 127), the kind asUnicodeString answers for ASCII text.'
%
doit
Unicode7 category: 'Kernel-Collections'
%

doit
String byteSubclass: 'Unicode16'
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Unicode16 comment: 'A Unicode16 is a Unicode string of code points up to 65535, not all 7-bit; asUnicodeString answers one for such text. Given a character past 65535, it becomes a Unicode32.'
%
doit
Unicode16 category: 'Kernel-Collections'
%

doit
String byteSubclass: 'Unicode32'
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Unicode32 comment: 'A Unicode32 is a Unicode string for text with code points above 65535.'
%
doit
Unicode32 category: 'Kernel-Collections'
%

doit
SequenceableCollection subclass: 'OrderedCollection'
  instVarNames: #( elements firstIndex lastIndex)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
OrderedCollection comment: 'An OrderedCollection is a sequence that grows and shrinks at either end: add:, addFirst:, removeFirst, removeLast, add:beforeIndex:, removeIndex:. Its elements live in an Array with free room before and after them.'
%
doit
OrderedCollection category: 'Kernel-Collections'
%

doit
OrderedCollection subclass: 'SortedCollection'
  instVarNames: #( sortBlock)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
SortedCollection comment: 'A SortedCollection keeps its elements ordered by its sortBlock, a two-argument block answering whether its first argument goes before its second (by default [:a :b | a <= b]). add: inserts in order; elements equal under the block keep their insertion order.'
%
doit
SortedCollection category: 'Kernel-Collections'
%

doit
SequenceableCollection subclass: 'Interval'
  instVarNames: #( from to by)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Interval comment: 'An Interval is an arithmetic progression from a first number to a limit by a step, created by to: and to:by:. It computes its elements instead of storing them and cannot be modified.'
%
doit
Interval category: 'Kernel-Collections'
%

doit
Collection subclass: 'UnorderedCollection'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
UnorderedCollection comment: 'UnorderedCollection is the abstract class of collections whose elements have no order and no index: bags and sets.'
%
doit
UnorderedCollection category: 'Kernel-Collections'
%

doit
UnorderedCollection subclass: 'Bag'
  instVarNames: #( counts tally)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Bag comment: 'A Bag is an unordered collection that counts how many times each (equal) element was added.'
%
doit
Bag category: 'Kernel-Collections'
%

doit
UnorderedCollection subclass: 'Set'
  instVarNames: #( tally buckets)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Set comment: 'A Set is an unordered collection without duplicates, where duplicates are decided by = and hash. It is an open-addressing hash table with linear probing; nil cannot be an element.'
%
doit
Set category: 'Kernel-Collections'
%

doit
Set subclass: 'IdentitySet'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
IdentitySet comment: 'An IdentitySet is a Set in which duplicates are decided by identity (==) rather than equality.'
%
doit
IdentitySet category: 'Kernel-Collections'
%

doit
Collection subclass: 'AbstractDictionary'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
AbstractDictionary comment: 'AbstractDictionary is the abstract class of collections that map keys to values. Enumerating a dictionary with do:, collect:, select: and detect: visits its values; keysAndValuesDo: and associationsDo: visit both.'
%
doit
AbstractDictionary category: 'Kernel-Collections'
%

doit
AbstractDictionary subclass: 'KeyValueDictionary'
  instVarNames: #( tally keys values)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
KeyValueDictionary comment: 'A KeyValueDictionary maps keys, compared with = and hash, to values. Keys and values are held in two parallel Arrays forming an open-addressing hash table; nil cannot be a key.'
%
doit
KeyValueDictionary category: 'Kernel-Collections'
%

doit
KeyValueDictionary subclass: 'IdentityKeyValueDictionary'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
IdentityKeyValueDictionary comment: 'An IdentityKeyValueDictionary is a KeyValueDictionary whose keys are compared by identity (==).'
%
doit
IdentityKeyValueDictionary category: 'Kernel-Collections'
%

doit
KeyValueDictionary subclass: 'StringKeyValueDictionary'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
StringKeyValueDictionary comment: 'A StringKeyValueDictionary is a KeyValueDictionary meant for String keys, compared with = and hash as in KeyValueDictionary.'
%
doit
StringKeyValueDictionary category: 'Kernel-Collections'
%

doit
KeyValueDictionary subclass: 'Dictionary'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Dictionary comment: 'A Dictionary maps keys, compared with =, to values. It prints as aDictionary( key->value, ...).'
%
doit
Dictionary category: 'Kernel-Collections'
%

doit
IdentityKeyValueDictionary subclass: 'IdentityDictionary'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
IdentityDictionary comment: 'An IdentityDictionary maps keys, compared by identity, to values; it is the usual dictionary for Symbol keys.'
%
doit
IdentityDictionary category: 'Kernel-Collections'
%

doit
IdentityDictionary subclass: 'SymbolDictionary'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
SymbolDictionary comment: 'A SymbolDictionary maps Symbols to values. Globals and UserGlobals, the dictionaries in which names of classes and global variables are looked up, are SymbolDictionaries.'
%
doit
SymbolDictionary category: 'Kernel-Collections'
%

doit
Object subclass: 'Association'
  instVarNames: #( key value)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Association comment: 'An Association is a key and a value, as created by key -> value. It prints as key->value.'
%
doit
Association category: 'Kernel-Collections'
%

doit
Association subclass: 'SymbolAssociation'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
SymbolAssociation comment: 'A SymbolAssociation is an Association whose key is a Symbol, as held by SymbolDictionaries.'
%
doit
SymbolAssociation category: 'Kernel-Collections'
%

! ------------------------------------------------------------------ Collection
removeallmethods Collection
removeallclassmethods Collection

category: 'enumerating'
method: Collection
do: aBlock
  "Evaluate aBlock with each element of the receiver."
  ^self subclassResponsibility
%
category: 'enumerating'
method: Collection
do: aBlock separatedBy: separatorBlock
  "Evaluate aBlock with each element, and separatorBlock between each two."
  | first |
  first := true.
  self do: [:each |
    first ifFalse: [separatorBlock value].
    first := false.
    aBlock value: each]
%
category: 'enumerating'
method: Collection
collect: aBlock
  "Answer a collection of the values of aBlock for each element."
  | result |
  result := self species new.
  self do: [:each | result add: (aBlock value: each)].
  ^result
%
category: 'enumerating'
method: Collection
select: aBlock
  "Answer a collection of the elements for which aBlock answers true."
  | result |
  result := self species new.
  self do: [:each | (aBlock value: each) ifTrue: [result add: each]].
  ^result
%
category: 'enumerating'
method: Collection
reject: aBlock
  "Answer a collection of the elements for which aBlock answers false."
  ^self select: [:each | (aBlock value: each) == false]
%
category: 'enumerating'
method: Collection
detect: aBlock
  "Answer the first element for which aBlock answers true; signal NotFoundError if there is none."
  ^self detect: aBlock ifNone: [NotFoundError new signal: 'no element satisfies the condition']
%
category: 'enumerating'
method: Collection
detect: aBlock ifNone: exceptionBlock
  "Answer the first element for which aBlock answers true, or the value of exceptionBlock."
  self do: [:each | (aBlock value: each) ifTrue: [^each]].
  ^exceptionBlock value
%
category: 'enumerating'
method: Collection
inject: initialValue into: binaryBlock
  "Fold the elements: evaluate binaryBlock with the running value and each element, starting from initialValue."
  | acc |
  acc := initialValue.
  self do: [:each | acc := binaryBlock value: acc value: each].
  ^acc
%
category: 'enumerating'
method: Collection
anySatisfy: aBlock
  self do: [:each | (aBlock value: each) ifTrue: [^true]].
  ^false
%
category: 'enumerating'
method: Collection
allSatisfy: aBlock
  self do: [:each | (aBlock value: each) ifFalse: [^false]].
  ^true
%
category: 'enumerating'
method: Collection
noneSatisfy: aBlock
  ^(self anySatisfy: aBlock) not
%
category: 'enumerating'
method: Collection
count: aBlock
  "Answer how many elements satisfy aBlock."
  | n |
  n := 0.
  self do: [:each | (aBlock value: each) ifTrue: [n := n + 1]].
  ^n
%
category: 'enumerating'
method: Collection
detectMax: aBlock
  "Answer the element for which aBlock answers the largest value, or nil when empty."
  | best bestValue v |
  self do: [:each |
    v := aBlock value: each.
    (best == nil or: [v > bestValue]) ifTrue: [best := each. bestValue := v]].
  ^best
%
category: 'enumerating'
method: Collection
detectMin: aBlock
  | best bestValue v |
  self do: [:each |
    v := aBlock value: each.
    (best == nil or: [v < bestValue]) ifTrue: [best := each. bestValue := v]].
  ^best
%
category: 'math functions'
method: Collection
max
  ^self inject: self anyOne into: [:a :b | a max: b]
%
category: 'math functions'
method: Collection
min
  ^self inject: self anyOne into: [:a :b | a min: b]
%
category: 'math functions'
method: Collection
sum
  "Answer the sum of the elements; 0 when empty."
  ^self inject: 0 into: [:a :b | a + b]
%
category: 'math functions'
method: Collection
average
  self isEmpty ifTrue: [^self emptyCheck].
  ^self sum / self size
%
category: 'accessing'
method: Collection
size
  "Answer how many elements the receiver holds."
  | n |
  n := 0.
  self do: [:each | n := n + 1].
  ^n
%
category: 'accessing'
method: Collection
anyOne
  "Answer some element; signal an error when empty."
  self do: [:each | ^each].
  ^self emptyCheck
%
category: 'testing'
method: Collection
isCollection
  ^true
%
category: 'testing'
method: Collection
isEmpty
  ^self size = 0
%
category: 'testing'
method: Collection
notEmpty
  ^self isEmpty not
%
category: 'testing'
method: Collection
isEmptyOrNil
  ^self isEmpty
%
category: 'testing'
method: Collection
ifEmpty: aBlock
  "Answer the value of aBlock when empty, otherwise the receiver."
  ^self isEmpty ifTrue: [aBlock value] ifFalse: [self]
%
category: 'testing'
method: Collection
ifNotEmpty: aBlock
  ^self isEmpty ifTrue: [self] ifFalse: [aBlock cull: self]
%
category: 'testing'
method: Collection
ifEmpty: emptyBlock ifNotEmpty: notEmptyBlock
  ^self isEmpty ifTrue: [emptyBlock value] ifFalse: [notEmptyBlock cull: self]
%
category: 'testing'
method: Collection
includes: anObject
  "Answer whether some element equals anObject."
  self do: [:each | anObject = each ifTrue: [^true]].
  ^false
%
category: 'testing'
method: Collection
includesIdentical: anObject
  self do: [:each | anObject == each ifTrue: [^true]].
  ^false
%
category: 'testing'
method: Collection
includesAll: aCollection
  aCollection do: [:each | (self includes: each) ifFalse: [^false]].
  ^true
%
category: 'testing'
method: Collection
includesAny: aCollection
  aCollection do: [:each | (self includes: each) ifTrue: [^true]].
  ^false
%
category: 'testing'
method: Collection
occurrencesOf: anObject
  "Answer how many elements equal anObject."
  ^self count: [:each | anObject = each]
%
category: 'adding'
method: Collection
add: anObject
  "Add anObject and answer it."
  ^self subclassResponsibility
%
category: 'adding'
method: Collection
addAll: aCollection
  "Add each element of aCollection and answer aCollection."
  aCollection do: [:each | self add: each].
  ^aCollection
%
category: 'removing'
method: Collection
remove: oldObject ifAbsent: anExceptionBlock
  "Remove one element equal to oldObject and answer oldObject, or answer the value of anExceptionBlock if there is none."
  ^self subclassResponsibility
%
category: 'removing'
method: Collection
remove: oldObject
  "Remove one element equal to oldObject and answer it; signal NotFoundError if there is none."
  ^self remove: oldObject ifAbsent: [NotFoundError new signal: oldObject printString, ' is not in the collection']
%
category: 'removing'
method: Collection
removeAll: aCollection
  "Remove each element of aCollection and answer aCollection."
  (aCollection == self ifTrue: [aCollection copy] ifFalse: [aCollection])
    do: [:each | self remove: each].
  ^aCollection
%
category: 'removing'
method: Collection
removeAllSuchThat: aBlock
  (self select: aBlock) do: [:each | self remove: each]
%
category: 'converting'
method: Collection
asArray
  ^Array withAll: self
%
category: 'converting'
method: Collection
asOrderedCollection
  ^OrderedCollection withAll: self
%
category: 'converting'
method: Collection
asSet
  ^Set withAll: self
%
category: 'converting'
method: Collection
asIdentitySet
  ^IdentitySet withAll: self
%
category: 'converting'
method: Collection
asBag
  ^Bag withAll: self
%
category: 'converting'
method: Collection
asSortedCollection
  ^SortedCollection withAll: self
%
category: 'converting'
method: Collection
asSortedCollection: aSortBlock
  ^(SortedCollection sortBlock: aSortBlock) addAll: self; yourself
%
category: 'converting'
method: Collection
sortWithBlock: aSortBlock
  "Answer an Array of the elements sorted by aSortBlock."
  ^(self asSortedCollection: aSortBlock) asArray
%
category: 'converting'
method: Collection
sortAscending
  "Answer an Array of the elements sorted in ascending order (by <=)."
  ^self sortWithBlock: [:a :b | a <= b]
%
category: 'converting'
method: Collection
sortDescending
  "Answer an Array of the elements sorted in descending order (by >=)."
  ^self sortWithBlock: [:a :b | a >= b]
%
category: 'copying'
method: Collection
copyWith: anObject
  ^self copy add: anObject; yourself
%
category: 'copying'
method: Collection
copyWithout: anObject
  ^self reject: [:each | each = anObject]
%
category: 'copying'
method: Collection
copyEmpty
  ^self species new
%
category: 'printing'
method: Collection
printOn: aStream
  "Print as GemStone does: anArray( 1, $a, 'b', #'c')."
  aStream nextPutAll: self class nameWithArticle; nextPut: $(.
  self do: [:each | aStream space; print: each] separatedBy: [aStream nextPut: $,].
  self isEmpty ifTrue: [aStream space].
  aStream nextPut: $)
%
category: 'private'
method: Collection
emptyCheck
  ^self error: 'the collection is empty'
%
category: 'instance creation'
classmethod: Collection
with: anObject
  ^self new add: anObject; yourself
%
category: 'instance creation'
classmethod: Collection
with: first with: second
  ^self new add: first; add: second; yourself
%
category: 'instance creation'
classmethod: Collection
with: first with: second with: third
  ^self new add: first; add: second; add: third; yourself
%
category: 'instance creation'
classmethod: Collection
with: first with: second with: third with: fourth
  ^self new add: first; add: second; add: third; add: fourth; yourself
%
category: 'instance creation'
classmethod: Collection
with: first with: second with: third with: fourth with: fifth
  ^self new add: first; add: second; add: third; add: fourth; add: fifth; yourself
%
category: 'instance creation'
classmethod: Collection
with: first with: second with: third with: fourth with: fifth with: sixth
  ^self new add: first; add: second; add: third; add: fourth; add: fifth; add: sixth; yourself
%
category: 'instance creation'
classmethod: Collection
withAll: aCollection
  ^self new addAll: aCollection; yourself
%

! ------------------------------------------------------------------ SequenceableCollection
removeallmethods SequenceableCollection
removeallclassmethods SequenceableCollection

category: 'accessing'
method: SequenceableCollection
size
  "Answer the number of indexed slots; collections that keep their elements elsewhere override this."
  ^self basicSize
%
category: 'accessing'
method: SequenceableCollection
at: index ifAbsent: aBlock
  "Answer the element at index, or the value of aBlock when index is out of bounds."
  (index isInteger and: [index between: 1 and: self size]) ifFalse: [^aBlock value].
  ^self at: index
%
category: 'accessing'
method: SequenceableCollection
first
  "Answer the first element; signal an error when empty."
  self isEmpty ifTrue: [^self emptyCheck].
  ^self at: 1
%
category: 'accessing'
method: SequenceableCollection
last
  self isEmpty ifTrue: [^self emptyCheck].
  ^self at: self size
%
category: 'accessing'
method: SequenceableCollection
second
  ^self at: 2
%
category: 'accessing'
method: SequenceableCollection
third
  ^self at: 3
%
category: 'accessing'
method: SequenceableCollection
first: n
  "Answer a copy of the first n elements."
  ^self copyFrom: 1 to: n
%
category: 'accessing'
method: SequenceableCollection
last: n
  ^self copyFrom: self size - n + 1 to: self size
%
category: 'accessing'
method: SequenceableCollection
allButFirst
  ^self copyFrom: 2 to: self size
%
category: 'accessing'
method: SequenceableCollection
allButLast
  ^self copyFrom: 1 to: self size - 1
%
category: 'accessing'
method: SequenceableCollection
anyOne
  ^self first
%
category: 'accessing'
method: SequenceableCollection
atAllPut: anObject
  "Store anObject at every index."
  1 to: self size do: [:i | self at: i put: anObject]
%
category: 'accessing'
method: SequenceableCollection
swap: i with: j
  | t |
  t := self at: i.
  self at: i put: (self at: j).
  self at: j put: t
%
category: 'accessing'
method: SequenceableCollection
replaceFrom: start to: stop with: replacement startingAt: repStart
  "Replace the elements from start to stop with those of replacement from repStart on. Safe when replacement is the receiver and the ranges overlap."
  <primitive: 75>
  | offset |
  offset := repStart - start.
  (replacement == self and: [repStart < start])
    ifTrue: [stop to: start by: -1 do: [:i | self at: i put: (replacement at: i + offset)]]
    ifFalse: [start to: stop do: [:i | self at: i put: (replacement at: i + offset)]]
%
category: 'accessing'
method: SequenceableCollection
replaceFrom: start to: stop with: replacement
  replacement size = (stop - start + 1)
    ifFalse: [^self error: 'replacement has the wrong size'].
  ^self replaceFrom: start to: stop with: replacement startingAt: 1
%
category: 'searching'
method: SequenceableCollection
indexOf: anObject
  "Answer the index of the first element equal to anObject, or 0."
  ^self indexOf: anObject ifAbsent: [0]
%
category: 'searching'
method: SequenceableCollection
indexOf: anObject ifAbsent: aBlock
  1 to: self size do: [:i | (self at: i) = anObject ifTrue: [^i]].
  ^aBlock value
%
category: 'searching'
method: SequenceableCollection
indexOf: anObject startingAt: start
  start to: self size do: [:i | (self at: i) = anObject ifTrue: [^i]].
  ^0
%
category: 'searching'
method: SequenceableCollection
indexOf: anObject startingAt: start ifAbsent: aBlock
  "Answer the index of the first element equal to anObject at or after start, or the value of aBlock."
  start to: self size do: [:i | (self at: i) = anObject ifTrue: [^i]].
  ^aBlock value
%
category: 'searching'
method: SequenceableCollection
identityIndexOf: anObject
  1 to: self size do: [:i | (self at: i) == anObject ifTrue: [^i]].
  ^0
%
category: 'searching'
method: SequenceableCollection
findFirst: aBlock
  "Answer the index of the first element satisfying aBlock, or 0."
  1 to: self size do: [:i | (aBlock value: (self at: i)) ifTrue: [^i]].
  ^0
%
category: 'searching'
method: SequenceableCollection
findLast: aBlock
  self size to: 1 by: -1 do: [:i | (aBlock value: (self at: i)) ifTrue: [^i]].
  ^0
%
category: 'searching'
method: SequenceableCollection
includes: anObject
  ^(self indexOf: anObject) > 0
%
category: 'comparing'
method: SequenceableCollection
= aCollection
  "Answer whether aCollection is of the same class and has equal elements in the same order."
  self == aCollection ifTrue: [^true].
  self class == aCollection class ifFalse: [^false].
  self size = aCollection size ifFalse: [^false].
  1 to: self size do: [:i | (self at: i) = (aCollection at: i) ifFalse: [^false]].
  ^true
%
category: 'comparing'
method: SequenceableCollection
hash
  | h |
  h := self size.
  self isEmpty ifFalse: [h := (h * 31 + self first hash) \\ 1073741823].
  self size > 1 ifTrue: [h := (h * 31 + self last hash) \\ 1073741823].
  ^h
%
category: 'comparing'
method: SequenceableCollection
hasEqualElements: aCollection
  self size = aCollection size ifFalse: [^false].
  1 to: self size do: [:i | (self at: i) = (aCollection at: i) ifFalse: [^false]].
  ^true
%
category: 'enumerating'
method: SequenceableCollection
do: aBlock
  1 to: self size do: [:i | aBlock value: (self at: i)]
%
category: 'enumerating'
method: SequenceableCollection
reverseDo: aBlock
  self size to: 1 by: -1 do: [:i | aBlock value: (self at: i)]
%
category: 'enumerating'
method: SequenceableCollection
doWithIndex: aBlock
  "Evaluate aBlock with each element and its index."
  1 to: self size do: [:i | aBlock value: (self at: i) value: i]
%
category: 'enumerating'
method: SequenceableCollection
withIndexDo: aBlock
  1 to: self size do: [:i | aBlock value: (self at: i) value: i]
%
category: 'enumerating'
method: SequenceableCollection
keysAndValuesDo: aBlock
  "Evaluate aBlock with each index and the element there."
  1 to: self size do: [:i | aBlock value: i value: (self at: i)]
%
category: 'enumerating'
method: SequenceableCollection
from: start to: stop do: aBlock
  start to: stop do: [:i | aBlock value: (self at: i)]
%
category: 'enumerating'
method: SequenceableCollection
with: aCollection do: aBlock
  "Evaluate aBlock with corresponding elements of the receiver and aCollection, which must have the same size."
  aCollection size = self size ifFalse: [^self error: 'collections of different sizes'].
  1 to: self size do: [:i | aBlock value: (self at: i) value: (aCollection at: i)]
%
category: 'enumerating'
method: SequenceableCollection
with: aCollection collect: aBlock
  | result |
  aCollection size = self size ifFalse: [^self error: 'collections of different sizes'].
  result := self species new: self size.
  1 to: self size do: [:i | result at: i put: (aBlock value: (self at: i) value: (aCollection at: i))].
  ^result
%
category: 'enumerating'
method: SequenceableCollection
collect: aBlock
  | result |
  result := self species new: self size.
  1 to: self size do: [:i | result at: i put: (aBlock value: (self at: i))].
  ^result
%
category: 'enumerating'
method: SequenceableCollection
collectWithIndex: aBlock
  | result |
  result := self species new: self size.
  1 to: self size do: [:i | result at: i put: (aBlock value: (self at: i) value: i)].
  ^result
%
category: 'enumerating'
method: SequenceableCollection
select: aBlock
  | stream |
  stream := WriteStream on: (self species new: self size).
  self do: [:each | (aBlock value: each) ifTrue: [stream nextPut: each]].
  ^stream contents
%
category: 'enumerating'
method: SequenceableCollection
reject: aBlock
  ^self select: [:each | (aBlock value: each) == false]
%
category: 'copying'
method: SequenceableCollection
copyFrom: start to: stop
  "Answer a new collection of the same species holding the elements from start to stop."
  | n result |
  n := stop - start + 1.
  n < 0 ifTrue: [^self _indexError: start].
  (n > 0 and: [start < 1 or: [stop > self size]])
    ifTrue: [^self _indexError: ((start < 1) ifTrue: [start] ifFalse: [stop])].
  result := self species new: n.
  1 to: n do: [:i | result at: i put: (self at: start + i - 1)].
  ^result
%
category: 'copying'
method: SequenceableCollection
, aCollection
  "Answer a new collection holding the receiver's elements followed by those of aCollection."
  | result n |
  n := self size.
  result := self species new: n + aCollection size.
  result replaceFrom: 1 to: n with: self startingAt: 1.
  result replaceFrom: n + 1 to: result size with: aCollection asArray startingAt: 1.
  ^result
%
category: 'copying'
method: SequenceableCollection
copyWith: anObject
  | result |
  result := self species new: self size + 1.
  result replaceFrom: 1 to: self size with: self startingAt: 1.
  result at: result size put: anObject.
  ^result
%
category: 'copying'
method: SequenceableCollection
copyReplaceAll: oldSubCollection with: newSubCollection
  "Answer a copy in which every occurrence of oldSubCollection is replaced by newSubCollection."
  | stream index next |
  oldSubCollection isEmpty ifTrue: [^self copy].
  stream := WriteStream on: (self species new: self size).
  index := 1.
  [(next := self indexOfSubCollection: oldSubCollection startingAt: index) > 0] whileTrue: [
    index to: next - 1 do: [:i | stream nextPut: (self at: i)].
    newSubCollection do: [:each | stream nextPut: each].
    index := next + oldSubCollection size].
  index to: self size do: [:i | stream nextPut: (self at: i)].
  ^stream contents
%
category: 'copying'
method: SequenceableCollection
copyReplacing: oldObject with: newObject
  ^self collect: [:each | each = oldObject ifTrue: [newObject] ifFalse: [each]]
%
category: 'copying'
method: SequenceableCollection
reverse
  "Answer a copy with the elements in the opposite order."
  | n result |
  n := self size.
  result := self species new: n.
  1 to: n do: [:i | result at: i put: (self at: n - i + 1)].
  ^result
%
category: 'copying'
method: SequenceableCollection
reversed
  ^self reverse
%
category: 'searching'
method: SequenceableCollection
indexOfSubCollection: aSubCollection startingAt: start
  "Answer the index at which aSubCollection next occurs from start on, or 0."
  | n |
  n := aSubCollection size.
  start to: self size - n + 1 do: [:i |
    | match j |
    match := true.
    j := 1.
    [match and: [j <= n]] whileTrue: [
      (self at: i + j - 1) = (aSubCollection at: j) ifFalse: [match := false].
      j := j + 1].
    match ifTrue: [^i]].
  ^0
%
category: 'searching'
method: SequenceableCollection
indexOfSubCollection: aSubCollection
  ^self indexOfSubCollection: aSubCollection startingAt: 1
%
category: 'sorting'
method: SequenceableCollection
sort
  "Sort the receiver in place in ascending order."
  ^self sort: [:a :b | a <= b]
%
category: 'sorting'
method: SequenceableCollection
sort: aSortBlock
  "Sort the receiver in place (stably) so that aSortBlock holds for each adjacent pair."
  | sorted |
  sorted := self asArray mergeSortBy: aSortBlock.
  1 to: sorted size do: [:i | self at: i put: (sorted at: i)]
%
category: 'sorting'
method: SequenceableCollection
asSortedArray: aSortBlock
  ^self asArray mergeSortBy: aSortBlock
%
category: 'converting'
method: SequenceableCollection
readStream
  ^ReadStream on: self
%
category: 'converting'
method: SequenceableCollection
writeStream
  ^WriteStream on: self
%
category: 'adding'
method: SequenceableCollection
add: anObject
  "Append anObject, growing the receiver by one slot, and answer anObject. As in GemStone, Arrays, Strings and ByteArrays grow this way; OrderedCollection is cheaper for frequent growth."
  ^self addLast: anObject
%
category: 'adding'
method: SequenceableCollection
addLast: anObject
  | n |
  n := self size + 1.
  self _basicSize: n.
  ^self at: n put: anObject
%
category: 'adding'
method: SequenceableCollection
addFirst: anObject
  ^self add: anObject beforeIndex: 1
%
category: 'adding'
method: SequenceableCollection
add: anObject beforeIndex: index
  "Insert anObject so that it ends up at index, shifting later elements up."
  | n |
  n := self size.
  (index isInteger and: [index between: 1 and: n + 1]) ifFalse: [^self _indexError: index].
  self _basicSize: n + 1.
  n to: index by: -1 do: [:i | self at: i + 1 put: (self at: i)].
  ^self at: index put: anObject
%
category: 'removing'
method: SequenceableCollection
removeIndex: index
  "Remove the element at index, shifting later elements down, and answer it."
  | n obj |
  n := self size.
  (index isInteger and: [index between: 1 and: n]) ifFalse: [^self _indexError: index].
  obj := self at: index.
  index to: n - 1 do: [:i | self at: i put: (self at: i + 1)].
  self _basicSize: n - 1.
  ^obj
%
category: 'removing'
method: SequenceableCollection
removeFirst
  self isEmpty ifTrue: [^self emptyCheck].
  ^self removeIndex: 1
%
category: 'removing'
method: SequenceableCollection
removeLast
  self isEmpty ifTrue: [^self emptyCheck].
  ^self removeIndex: self size
%
category: 'removing'
method: SequenceableCollection
remove: oldObject ifAbsent: aBlock
  | index |
  index := self indexOf: oldObject.
  index = 0 ifTrue: [^aBlock value].
  self removeIndex: index.
  ^oldObject
%
category: 'instance creation'
classmethod: SequenceableCollection
new: size withAll: anObject
  "Answer an instance of size elements, each anObject."
  ^(self new: size) atAllPut: anObject; yourself
%
category: 'instance creation'
classmethod: SequenceableCollection
withAll: aCollection
  "Answer an instance holding the elements of aCollection in its enumeration order."
  | result i |
  result := self new: aCollection size.
  i := 0.
  aCollection do: [:each | result at: (i := i + 1) put: each].
  ^result
%

! ------------------------------------------------------------------ Array
removeallmethods Array
removeallclassmethods Array

category: 'testing'
method: Array
isArray
  ^true
%
category: 'sorting'
method: Array
mergeSortBy: aSortBlock
  "Answer a new Array of the receiver's elements sorted stably by aSortBlock."
  | n src dst width tmp |
  n := self size.
  src := self copy.
  dst := Array new: n.
  width := 1.
  [width < n] whileTrue: [
    | lo |
    lo := 1.
    [lo <= n] whileTrue: [
      | mid hi i j k |
      mid := (lo + width) min: n + 1.
      hi := (lo + (2 * width)) min: n + 1.
      i := lo. j := mid. k := lo.
      [k < hi] whileTrue: [
        (i < mid and: [j >= hi or: [aSortBlock value: (src at: i) value: (src at: j)]])
          ifTrue: [dst at: k put: (src at: i). i := i + 1]
          ifFalse: [dst at: k put: (src at: j). j := j + 1].
        k := k + 1].
      lo := hi].
    tmp := src. src := dst. dst := tmp.
    width := width * 2].
  ^src
%
category: 'instance creation'
classmethod: Array
new
  ^self new: 0
%
category: 'instance creation'
classmethod: Array
with: anObject
  ^(self new: 1) at: 1 put: anObject; yourself
%
category: 'instance creation'
classmethod: Array
with: first with: second
  ^(self new: 2) at: 1 put: first; at: 2 put: second; yourself
%
category: 'instance creation'
classmethod: Array
with: first with: second with: third
  ^(self new: 3) at: 1 put: first; at: 2 put: second; at: 3 put: third; yourself
%
category: 'instance creation'
classmethod: Array
with: first with: second with: third with: fourth
  ^(self new: 4) at: 1 put: first; at: 2 put: second; at: 3 put: third; at: 4 put: fourth; yourself
%
category: 'instance creation'
classmethod: Array
with: first with: second with: third with: fourth with: fifth
  ^(self new: 5) at: 1 put: first; at: 2 put: second; at: 3 put: third; at: 4 put: fourth; at: 5 put: fifth; yourself
%
category: 'instance creation'
classmethod: Array
with: first with: second with: third with: fourth with: fifth with: sixth
  ^(self new: 6) at: 1 put: first; at: 2 put: second; at: 3 put: third; at: 4 put: fourth; at: 5 put: fifth; at: 6 put: sixth; yourself
%

category: 'testing'
method: Object
isArray
  ^false
%

! ------------------------------------------------------------------ ByteArray
removeallmethods ByteArray
removeallclassmethods ByteArray

category: 'converting'
method: ByteArray
asString
  "Answer a String whose characters have the receiver's bytes as code points."
  | result |
  result := String new: self size.
  1 to: self size do: [:i | result basicAt: i put: (self at: i)].
  ^result
%
category: 'converting'
method: ByteArray
asByteArray
  ^self
%
category: 'converting'
method: ByteArray
decodeFromUTF8
  "Answer the string whose UTF-8 encoding the receiver's bytes are: a String, or the DoubleByteString or QuadByteString its characters need. Signal an Error for bytes that are not UTF-8."
  | out i n b cp extra |
  out := WriteStream on: (String new: self size).
  i := 1.
  n := self size.
  [i <= n] whileTrue: [
    b := self at: i.
    i := i + 1.
    b < 16r80
      ifTrue: [cp := b. extra := 0]
      ifFalse: [
        b >= 16rF8 ifTrue: [^self _notUtf8At: i - 1].
        b >= 16rF0
          ifTrue: [cp := b bitAnd: 16r07. extra := 3]
          ifFalse: [
            b >= 16rE0
              ifTrue: [cp := b bitAnd: 16r0F. extra := 2]
              ifFalse: [
                b >= 16rC0
                  ifTrue: [cp := b bitAnd: 16r1F. extra := 1]
                  ifFalse: [^self _notUtf8At: i - 1]]]].
    extra timesRepeat: [
      (i > n or: [((self at: i) bitAnd: 16rC0) ~= 16r80]) ifTrue: [^self _notUtf8At: i].
      cp := (cp bitShift: 6) + ((self at: i) bitAnd: 16r3F).
      i := i + 1].
    out nextPut: (Character value: cp)].
  ^out contents
%
category: 'private'
method: ByteArray
_notUtf8At: anIndex
  ^Error new signal: 'decodeFromUTF8: the bytes are not UTF-8 (at byte ', anIndex printString, ')'
%
category: 'instance creation'
classmethod: ByteArray
new
  ^self new: 0
%

! ------------------------------------------------------------------ CharacterCollection
removeallmethods CharacterCollection
removeallclassmethods CharacterCollection

category: 'testing'
method: CharacterCollection
isString
  ^true
%
category: 'evaluating'
method: CharacterCollection
evaluate
  "Compile the receiver as a doit (temporaries and statements) and answer the value of running it with nil as the receiver; signal CompileError if it does not compile. GemStone's String>>evaluate, the execute_code engine of GemTalk/mcp_server."
  <primitive: 148>
  ^ArgumentTypeError new signal: 'evaluate needs Smalltalk source (a String), not ', self printString
%
category: 'comparing'
method: CharacterCollection
< aString
  "Answer whether the receiver sorts before aString, comparing code points."
  ^(self compare: aString) < 0
%
category: 'comparing'
method: CharacterCollection
> aString
  ^(self compare: aString) > 0
%
category: 'comparing'
method: CharacterCollection
<= aString
  ^(self compare: aString) <= 0
%
category: 'comparing'
method: CharacterCollection
>= aString
  ^(self compare: aString) >= 0
%
category: 'comparing'
method: CharacterCollection
compare: aString
  "Answer -1, 0 or 1 as the receiver sorts before, with, or after aString (by code point, then length)."
  | n a b |
  n := self size min: aString size.
  1 to: n do: [:i |
    a := (self at: i) asInteger.
    b := (aString at: i) asInteger.
    a < b ifTrue: [^-1].
    a > b ifTrue: [^1]].
  self size < aString size ifTrue: [^-1].
  self size > aString size ifTrue: [^1].
  ^0
%
category: 'comparing'
method: CharacterCollection
sameAs: aString
  "Answer whether the receiver and aString are equal ignoring case."
  self size = aString size ifFalse: [^false].
  1 to: self size do: [:i | (self at: i) asLowercase = (aString at: i) asLowercase ifFalse: [^false]].
  ^true
%
category: 'comparing'
method: CharacterCollection
max: aString
  ^self > aString ifTrue: [self] ifFalse: [aString]
%
category: 'comparing'
method: CharacterCollection
min: aString
  ^self < aString ifTrue: [self] ifFalse: [aString]
%
category: 'testing'
method: CharacterCollection
includesSubstring: aString
  "Answer whether aString occurs in the receiver."
  aString isEmpty ifTrue: [^true].
  ^(self indexOfSubCollection: aString startingAt: 1) > 0
%
category: 'testing'
method: CharacterCollection
includesString: aString
  "Answer whether aString occurs in the receiver, ignoring case (as GemStone's includesString: does; findString:startingAt: is the case-sensitive search)."
  aString isEmpty ifTrue: [^true].
  ^(self asLowercase indexOfSubCollection: aString asLowercase startingAt: 1) > 0
%
category: 'searching'
method: CharacterCollection
findString: aString startingAt: anIndex
  "Answer the index at which aString next occurs in the receiver from anIndex on (case-sensitive), or 0."
  ^self indexOfSubCollection: aString startingAt: anIndex
%
category: 'searching'
method: CharacterCollection
findStringNoCase: aString startingAt: anIndex
  "As findString:startingAt:, ignoring case."
  ^self asLowercase indexOfSubCollection: aString asLowercase startingAt: anIndex
%
category: 'converting'
method: CharacterCollection
encodeAsUTF8
  "Answer a Utf8 holding the UTF-8 encoding of the receiver's characters."
  | bytes result |
  bytes := OrderedCollection new.
  self do: [:c | | v |
    v := c asInteger.
    v < 16r80
      ifTrue: [bytes add: v]
      ifFalse: [
        v < 16r800
          ifTrue: [bytes add: 16rC0 + (v bitShift: -6); add: 16r80 + (v bitAnd: 16r3F)]
          ifFalse: [
            v < 16r10000
              ifTrue: [
                bytes add: 16rE0 + (v bitShift: -12); add: 16r80 + ((v bitShift: -6) bitAnd: 16r3F);
                  add: 16r80 + (v bitAnd: 16r3F)]
              ifFalse: [
                bytes add: 16rF0 + (v bitShift: -18); add: 16r80 + ((v bitShift: -12) bitAnd: 16r3F);
                  add: 16r80 + ((v bitShift: -6) bitAnd: 16r3F); add: 16r80 + (v bitAnd: 16r3F)]]]].
  result := Utf8 new: bytes size.
  1 to: bytes size do: [:i | result at: i put: (bytes at: i)].
  ^result
%
category: 'converting'
method: CharacterCollection
decodeFromUTF8
  "Answer the String whose UTF-8 encoding the receiver's characters (as bytes) are."
  ^self asByteArray decodeFromUTF8
%
category: 'testing'
method: CharacterCollection
startsWith: aString
  ^self size >= aString size and: [(self copyFrom: 1 to: aString size) = aString asString]
%
category: 'testing'
method: CharacterCollection
beginsWith: aString
  "As startsWith:; the spelling GemStone code uses, e.g. (System stoneVersionAt: 'gsVersion') beginsWith: '3.'."
  ^self startsWith: aString
%
category: 'testing'
method: CharacterCollection
endsWith: aString
  ^self size >= aString size
    and: [(self copyFrom: self size - aString size + 1 to: self size) = aString asString]
%
category: 'testing'
method: CharacterCollection
isAllSeparators
  ^self allSatisfy: [:c | c isSeparator]
%
category: 'testing'
method: CharacterCollection
isAllDigits
  ^self notEmpty and: [self allSatisfy: [:c | c isDigit]]
%
category: 'converting'
method: CharacterCollection
asUppercase
  ^self collect: [:c | c asUppercase]
%
category: 'converting'
method: CharacterCollection
asLowercase
  ^self collect: [:c | c asLowercase]
%
category: 'converting'
method: CharacterCollection
asString
  ^String withAll: self
%
category: 'converting'
method: CharacterCollection
asSymbol
  ^self asString asSymbol
%
category: 'converting'
method: CharacterCollection
asByteArray
  | result |
  result := ByteArray new: self size.
  1 to: self size do: [:i | result at: i put: (self at: i) asInteger].
  ^result
%
category: 'converting'
method: CharacterCollection
asNumber
  "Answer the Number the receiver denotes (e.g. '42', '-7', '3/4', '2.5', '1.5e3', '1.23s2', '16rFF'), or nil when it is not a number."
  | s sIndex slash |
  s := self trimSeparators.
  s isEmpty ifTrue: [^nil].
  slash := s indexOf: $/.
  slash > 0 ifTrue: [
    | n d |
    n := (s copyFrom: 1 to: slash - 1) asNumber.
    d := (s copyFrom: slash + 1 to: s size) asNumber.
    (n isInteger and: [d isInteger and: [d ~= 0]]) ifFalse: [^nil].
    ^n / d].
  (s indexOf: $r) > 0 ifTrue: [^s _asRadixInteger].
  sIndex := s indexOf: $s.
  sIndex > 0 ifTrue: [
    | value scale |
    value := (s copyFrom: 1 to: sIndex - 1) asNumber.
    scale := sIndex = s size
      ifTrue: [((s copyFrom: 1 to: sIndex - 1) copyAfter: $.) size]
      ifFalse: [(s copyFrom: sIndex + 1 to: s size) asNumber].
    (value isNumber and: [scale isInteger]) ifFalse: [^nil].
    ^ScaledDecimal fromNumber: (value isFloat ifTrue: [(s copyFrom: 1 to: sIndex - 1) _asExactDecimal] ifFalse: [value]) scale: scale].
  ((s indexOf: $.) > 0 or: [(s indexOf: $e) > 0])
    ifTrue: [^Float fromString: s].
  ^s _asDecimalInteger
%
category: 'converting'
method: CharacterCollection
asInteger
  "Answer the Integer the receiver's leading digits denote, or nil."
  | n |
  n := self asNumber.
  n isNumber ifFalse: [^nil].
  ^n truncated
%
category: 'converting'
method: CharacterCollection
_asDecimalInteger
  "Answer the Integer of an optional minus sign followed by decimal digits, or nil."
  | negative start value |
  negative := self notEmpty and: [self first = $-].
  start := negative ifTrue: [2] ifFalse: [1].
  start > self size ifTrue: [^nil].
  value := 0.
  start to: self size do: [:i |
    | d |
    d := (self at: i) digitValue.
    (d between: 0 and: 9) ifFalse: [^nil].
    value := value * 10 + d].
  ^negative ifTrue: [value negated] ifFalse: [value]
%
category: 'converting'
method: CharacterCollection
_asRadixInteger
  "Answer the Integer of radix notation such as 16rFF or -2r101, or nil."
  | r base digits negative value |
  r := self indexOf: $r.
  base := (self copyFrom: 1 to: r - 1) _asDecimalInteger.
  base == nil ifTrue: [^nil].
  negative := base < 0.
  base := base abs.
  (base between: 2 and: 36) ifFalse: [^nil].
  digits := self copyFrom: r + 1 to: self size.
  (digits notEmpty and: [digits first = $-]) ifTrue: [
    negative := negative not.
    digits := digits copyFrom: 2 to: digits size].
  digits isEmpty ifTrue: [^nil].
  value := 0.
  digits do: [:c |
    | d |
    d := c digitValue.
    (d between: 0 and: base - 1) ifFalse: [^nil].
    value := value * base + d].
  ^negative ifTrue: [value negated] ifFalse: [value]
%
category: 'converting'
method: CharacterCollection
_asExactDecimal
  "Answer the exact value of decimal digits with an optional point, e.g. '-1.25' -> -5/4, or nil."
  | point whole fraction negative digits |
  point := self indexOf: $..
  point = 0 ifTrue: [^self _asDecimalInteger].
  negative := self first = $-.
  whole := (self copyFrom: 1 to: point - 1) _asDecimalInteger.
  (whole == nil and: [point > 1 and: [negative not]]) ifTrue: [^nil].
  whole == nil ifTrue: [whole := 0].
  digits := self copyFrom: point + 1 to: self size.
  fraction := digits isEmpty ifTrue: [0] ifFalse: [digits _asDecimalInteger].
  fraction == nil ifTrue: [^nil].
  fraction := fraction / (10 raisedTo: digits size).
  ^negative ifTrue: [whole - fraction] ifFalse: [whole + fraction]
%
category: 'copying'
method: CharacterCollection
copyAfter: aCharacter
  "Answer the part after the first occurrence of aCharacter, or an empty string."
  | i |
  i := self indexOf: aCharacter.
  i = 0 ifTrue: [^self species new: 0].
  ^self copyFrom: i + 1 to: self size
%
category: 'copying'
method: CharacterCollection
copyUpTo: aCharacter
  "Answer the part before the first occurrence of aCharacter, or a copy of the whole."
  | i |
  i := self indexOf: aCharacter.
  i = 0 ifTrue: [^self copy].
  ^self copyFrom: 1 to: i - 1
%
category: 'copying'
method: CharacterCollection
trimSeparators
  "Answer a copy without leading and trailing separators (spaces, tabs, line ends)."
  | start stop |
  start := 1.
  [start <= self size and: [(self at: start) isSeparator]] whileTrue: [start := start + 1].
  stop := self size.
  [stop >= start and: [(self at: stop) isSeparator]] whileTrue: [stop := stop - 1].
  ^self copyFrom: start to: stop
%
category: 'copying'
method: CharacterCollection
trimLeadingSeparators
  | start |
  start := 1.
  [start <= self size and: [(self at: start) isSeparator]] whileTrue: [start := start + 1].
  ^self copyFrom: start to: self size
%
category: 'copying'
method: CharacterCollection
trimTrailingSeparators
  | stop |
  stop := self size.
  [stop >= 1 and: [(self at: stop) isSeparator]] whileTrue: [stop := stop - 1].
  ^self copyFrom: 1 to: stop
%
category: 'copying'
method: CharacterCollection
copyReplaceAll: oldString with: newString
  ^(super copyReplaceAll: oldString with: newString) asString
%
category: 'copying'
method: CharacterCollection
replaceAll: oldCharacter with: newCharacter
  "Replace every occurrence of oldCharacter in the receiver by newCharacter."
  1 to: self size do: [:i | (self at: i) = oldCharacter ifTrue: [self at: i put: newCharacter]]
%
category: 'splitting'
method: CharacterCollection
subStrings
  "Answer an Array of the words of the receiver, separated by white space."
  ^self subStrings: (String with: Character space with: Character tab with: Character lf with: Character cr)
%
category: 'splitting'
method: CharacterCollection
subStrings: separators
  "Answer an Array of the non-empty pieces between characters of separators (a String or a Character)."
  | seps result start |
  seps := separators isCharacter ifTrue: [String with: separators] ifFalse: [separators].
  result := OrderedCollection new.
  start := 1.
  1 to: self size do: [:i |
    (seps includes: (self at: i)) ifTrue: [
      i > start ifTrue: [result add: (self copyFrom: start to: i - 1)].
      start := i + 1]].
  start <= self size ifTrue: [result add: (self copyFrom: start to: self size)].
  ^result asArray
%
category: 'splitting'
method: CharacterCollection
substrings
  ^self subStrings
%
category: 'splitting'
method: CharacterCollection
substrings: separators
  ^self subStrings: separators
%
category: 'splitting'
method: CharacterCollection
lines
  "Answer an Array of the lines of the receiver, without their terminators (LF, CR or CR LF)."
  | result stream line |
  result := OrderedCollection new.
  stream := ReadStream on: self.
  [stream atEnd] whileFalse: [
    line := WriteStream on: (String new: 40).
    [stream atEnd or: [stream peek = Character lf or: [stream peek = Character cr]]]
      whileFalse: [line nextPut: stream next].
    stream atEnd ifFalse: [
      stream next = Character cr ifTrue: [stream peekFor: Character lf]].
    result add: line contents].
  ^result asArray
%
category: 'splitting'
method: CharacterCollection
join: aCollection
  "Answer the displayStrings of aCollection's elements with the receiver between each two: (', ' join: #('a' 'b')) = 'a, b'."
  | stream |
  stream := WriteStream on: (String new: 40).
  aCollection do: [:each | stream nextPutAll: each displayString] separatedBy: [stream nextPutAll: self].
  ^stream contents
%
category: 'printing'
method: CharacterCollection
printOn: aStream
  "Print between single quotes, doubling embedded quotes."
  aStream nextPut: $'.
  self do: [:c |
    c = $' ifTrue: [aStream nextPut: $'].
    aStream nextPut: c].
  aStream nextPut: $'
%
category: 'printing'
method: CharacterCollection
displayOn: aStream
  aStream nextPutAll: self
%
category: 'printing'
method: CharacterCollection
displayString
  ^String withAll: self
%
category: 'instance creation'
classmethod: CharacterCollection
new
  ^self new: 0
%
category: 'instance creation'
classmethod: CharacterCollection
with: aCharacter
  ^(self new: 1) at: 1 put: aCharacter; yourself
%
category: 'instance creation'
classmethod: CharacterCollection
with: first with: second
  ^self withAll: (Array with: first with: second)
%
category: 'instance creation'
classmethod: CharacterCollection
with: first with: second with: third
  ^self withAll: (Array with: first with: second with: third)
%
category: 'instance creation'
classmethod: CharacterCollection
with: first with: second with: third with: fourth
  ^self withAll: (Array with: first with: second with: third with: fourth)
%
category: 'instance creation'
classmethod: CharacterCollection
cr
  ^self with: Character cr
%
category: 'instance creation'
classmethod: CharacterCollection
lf
  ^self with: Character lf
%
category: 'instance creation'
classmethod: CharacterCollection
tab
  ^self with: Character tab
%
category: 'instance creation'
classmethod: CharacterCollection
space
  ^self with: Character space
%

! ------------------------------------------------------------------ String
removeallmethods String
removeallclassmethods String

category: 'accessing'
method: String
at: index
  "Answer the Character at index."
  ^Character value: (self basicAt: index)
%
category: 'accessing'
method: String
at: index put: aCharacter
  "Store aCharacter at index and answer it. A character past the last code point the receiver's class holds first makes the receiver an instance of the wider class that holds it, as strings grow in GemStone: a String becomes a DoubleByteString (code points up to 65535) or a QuadByteString, a Unicode7 a Unicode16 or a Unicode32."
  | code |
  (aCharacter isKindOf: Character)
    ifFalse: [^ArgumentTypeError new signal: 'a String holds Characters, not ', aCharacter printString].
  code := aCharacter asInteger.
  code > self _maxCodePoint ifTrue: [
    ((index isKindOf: SmallInteger) and: [index between: 1 and: self size])
      ifFalse: [^self basicAt: index put: 0].
    (self _widenFor: code) == nil
      ifTrue: [^ArgumentTypeError new signal: 'a ', self class name, ' holds Characters with code points up to ', self _maxCodePoint printString, ', and this one cannot grow into a wider string (a literal does not change, and only the kernel''s own string classes grow); store into a copy of a kernel string']].
  self basicAt: index put: code.
  ^aCharacter
%
category: 'private'
method: String
_maxCodePoint
  "The last code point an instance of the receiver's class holds."
  ^255
%
category: 'private'
method: String
_widenFor: aCodePoint
  "Make the receiver, in place, an instance of the class it grows into to hold aCodePoint, its characters unchanged, and answer it; nil when its class does not grow (a Symbol, or a subclass of String)."
  <primitive: 150>
  ^nil
%
category: 'accessing'
method: String
size
  ^self basicSize
%
category: 'comparing'
method: String
= aString
  "Answer whether aString is a String (not a Symbol, unless the receiver is one) with the same characters."
  <primitive: 73>
  self == aString ifTrue: [^true].
  (aString isKindOf: String) ifFalse: [^false].
  aString isSymbol == self isSymbol ifFalse: [^false].
  self size = aString size ifFalse: [^false].
  1 to: self size do: [:i | (self basicAt: i) = (aString basicAt: i) ifFalse: [^false]].
  ^true
%
category: 'comparing'
method: String
hash
  "Fold the code points: h := size, then h := (h * 31 + code) \\ 1073741823 for each character."
  <primitive: 74>
  | h |
  h := self size.
  1 to: self size do: [:i | h := (h * 31 + (self basicAt: i)) \\ 1073741823].
  ^h
%
category: 'converting'
method: String
asSymbol
  "Answer the unique Symbol with the receiver's characters."
  <primitive: 72>
  ^ArgumentTypeError new signal: 'a Symbol holds Characters with code points up to 255'
%
category: 'converting'
method: String
asString
  ^self
%
category: 'converting'
method: CharacterCollection
asUnicodeString
  "Answer a Unicode string of the receiver's characters, of the smallest Unicode class that holds them: a Unicode7 when they are all 7-bit, a Unicode16 when they are all code points up to 65535, otherwise a Unicode32."
  | cls result widest |
  widest := self inject: 0 into: [:m :c | m max: c asInteger].
  cls := widest < 128
    ifTrue: [Unicode7]
    ifFalse: [widest <= 16rFFFF ifTrue: [Unicode16] ifFalse: [Unicode32]].
  result := cls new: self size.
  1 to: self size do: [:i | result at: i put: (self at: i)].
  ^result
%
category: 'testing'
method: CharacterCollection
isUnicodeString
  ^false
%
category: 'converting'
method: Unicode7
asString
  "Answer a String of the receiver's characters."
  ^(String new: self size) replaceFrom: 1 to: self size with: self startingAt: 1
%
category: 'testing'
method: Unicode7
isUnicodeString
  ^true
%
category: 'private'
method: Unicode7
_maxCodePoint
  ^127
%
category: 'copying'
method: Unicode7
, aCollection
  "Answer the concatenation as a Unicode string of the class its characters need."
  ^(self asString , aCollection) asUnicodeString
%
category: 'converting'
method: Unicode16
asString
  ^(String new: self size) replaceFrom: 1 to: self size with: self startingAt: 1
%
category: 'testing'
method: Unicode16
isUnicodeString
  ^true
%
category: 'private'
method: Unicode16
_maxCodePoint
  ^16rFFFF
%
category: 'copying'
method: Unicode16
, aCollection
  ^(self asString , aCollection) asUnicodeString
%
category: 'converting'
method: Unicode32
asString
  ^(String new: self size) replaceFrom: 1 to: self size with: self startingAt: 1
%
category: 'testing'
method: Unicode32
isUnicodeString
  ^true
%
category: 'private'
method: Unicode32
_maxCodePoint
  ^16r10FFFF
%
category: 'copying'
method: String
, aCollection
  "Answer a new String of the receiver's characters followed by those of aCollection (whose displayString is used when it is not a collection of Characters)."
  | other result n |
  other := aCollection isString ifTrue: [aCollection] ifFalse: [
    (aCollection isKindOf: SequenceableCollection)
      ifTrue: [aCollection]
      ifFalse: [aCollection displayString]].
  n := self size.
  result := self species new: n + other size.
  result replaceFrom: 1 to: n with: self startingAt: 1.
  result replaceFrom: n + 1 to: result size with: other startingAt: 1.
  ^result
%
category: 'instance creation'
classmethod: String
new
  ^self new: 0
%

! ------------------------------------------------------------------ Symbol
removeallmethods Symbol
removeallclassmethods Symbol

category: 'testing'
method: Symbol
isSymbol
  ^true
%
category: 'comparing'
method: Symbol
= anObject
  "Symbols are unique, so equality is identity."
  ^self == anObject
%
category: 'accessing'
method: Symbol
at: index put: aCharacter
  ^self error: 'a Symbol cannot be modified'
%
category: 'accessing'
method: Symbol
numArgs
  "Answer how many arguments a message with this selector takes."
  | first colons |
  self isEmpty ifTrue: [^0].
  first := self at: 1.
  (first isLetter or: [first = $_]) ifFalse: [^1].
  colons := self occurrencesOf: $:.
  ^colons
%
category: 'accessing'
method: Symbol
keywords
  "Answer an Array of the keywords of a keyword selector, e.g. #at:put: -> #('at:' 'put:')."
  | result start |
  (self includes: $:) ifFalse: [^Array with: self asString].
  result := OrderedCollection new.
  start := 1.
  1 to: self size do: [:i |
    (self at: i) = $: ifTrue: [result add: (self copyFrom: start to: i). start := i + 1]].
  ^result asArray
%
category: 'converting'
method: Symbol
asSymbol
  ^self
%
category: 'converting'
method: Symbol
asString
  "Answer a new String with the receiver's characters."
  | result |
  result := String new: self size.
  1 to: self size do: [:i | result basicAt: i put: (self basicAt: i)].
  ^result
%
category: 'converting'
method: Symbol
species
  ^String
%
category: 'copying'
method: Symbol
shallowCopy
  "Symbols are unique."
  ^self
%
category: 'copying'
method: Symbol
copy
  ^self
%
category: 'copying'
method: Symbol
deepCopy
  ^self
%
category: 'printing'
method: Symbol
printOn: aStream
  "Print as GemStone does: #'foo', with embedded quotes doubled."
  aStream nextPut: $#.
  super printOn: aStream
%
category: 'printing'
method: Symbol
displayString
  ^self asString
%
category: 'instance creation'
classmethod: Symbol
new
  ^self shouldNotImplement
%
category: 'instance creation'
classmethod: Symbol
new: anInteger
  ^self shouldNotImplement
%
category: 'instance creation'
classmethod: Symbol
withAll: aCollection
  ^(String withAll: aCollection) asSymbol
%
category: 'instance creation'
classmethod: Symbol
with: aCharacter
  ^(String with: aCharacter) asSymbol
%

! ------------------------------------------------------------------ OrderedCollection
removeallmethods OrderedCollection
removeallclassmethods OrderedCollection

category: 'private'
method: OrderedCollection
setCapacity: anInteger
  elements := Array new: (anInteger max: 4).
  firstIndex := elements size // 3 + 1.
  lastIndex := firstIndex - 1
%
category: 'private'
method: OrderedCollection
_makeRoomAtEnd
  | newElements |
  newElements := Array new: elements size * 2 + 4.
  firstIndex to: lastIndex do: [:i | newElements at: i put: (elements at: i)].
  elements := newElements
%
category: 'private'
method: OrderedCollection
_makeRoomAtFront
  | newElements shift |
  newElements := Array new: elements size * 2 + 4.
  shift := newElements size - elements size.
  firstIndex to: lastIndex do: [:i | newElements at: i + shift put: (elements at: i)].
  elements := newElements.
  firstIndex := firstIndex + shift.
  lastIndex := lastIndex + shift
%
category: 'private'
method: OrderedCollection
_checkIndex: index
  (index isInteger and: [index between: 1 and: lastIndex - firstIndex + 1])
    ifFalse: [^self _indexError: index].
  ^index
%
category: 'private'
method: OrderedCollection
_insert: anObject before: index
  "Insert anObject so that it ends up at index (1 to size + 1)."
  | pos |
  lastIndex = elements size ifTrue: [self _makeRoomAtEnd].
  pos := firstIndex + index - 1.
  lastIndex to: pos by: -1 do: [:i | elements at: i + 1 put: (elements at: i)].
  elements at: pos put: anObject.
  lastIndex := lastIndex + 1.
  ^anObject
%
category: 'accessing'
method: OrderedCollection
size
  ^lastIndex - firstIndex + 1
%
category: 'accessing'
method: OrderedCollection
at: index
  self _checkIndex: index.
  ^elements at: firstIndex + index - 1
%
category: 'accessing'
method: OrderedCollection
at: index put: anObject
  self _checkIndex: index.
  ^elements at: firstIndex + index - 1 put: anObject
%
category: 'adding'
method: OrderedCollection
add: anObject
  "Add anObject at the end and answer it."
  ^self addLast: anObject
%
category: 'adding'
method: OrderedCollection
addLast: anObject
  lastIndex = elements size ifTrue: [self _makeRoomAtEnd].
  lastIndex := lastIndex + 1.
  elements at: lastIndex put: anObject.
  ^anObject
%
category: 'adding'
method: OrderedCollection
addFirst: anObject
  firstIndex = 1 ifTrue: [self _makeRoomAtFront].
  firstIndex := firstIndex - 1.
  elements at: firstIndex put: anObject.
  ^anObject
%
category: 'adding'
method: OrderedCollection
add: anObject beforeIndex: index
  "Insert anObject so that it ends up at index."
  (index isInteger and: [index between: 1 and: self size + 1]) ifFalse: [^self _indexError: index].
  ^self _insert: anObject before: index
%
category: 'adding'
method: OrderedCollection
addAllFirst: aCollection
  aCollection reverseDo: [:each | self addFirst: each].
  ^aCollection
%
category: 'adding'
method: OrderedCollection
addAllLast: aCollection
  aCollection do: [:each | self addLast: each].
  ^aCollection
%
category: 'removing'
method: OrderedCollection
removeFirst
  "Remove the first element and answer it; signal an error when empty."
  | obj |
  self isEmpty ifTrue: [^self emptyCheck].
  obj := elements at: firstIndex.
  elements at: firstIndex put: nil.
  firstIndex := firstIndex + 1.
  ^obj
%
category: 'removing'
method: OrderedCollection
removeLast
  | obj |
  self isEmpty ifTrue: [^self emptyCheck].
  obj := elements at: lastIndex.
  elements at: lastIndex put: nil.
  lastIndex := lastIndex - 1.
  ^obj
%
category: 'removing'
method: OrderedCollection
removeFirst: n
  "Remove the first n elements and answer them in an Array."
  | result |
  result := Array new: n.
  1 to: n do: [:i | result at: i put: self removeFirst].
  ^result
%
category: 'removing'
method: OrderedCollection
removeLast: n
  | result |
  result := Array new: n.
  n to: 1 by: -1 do: [:i | result at: i put: self removeLast].
  ^result
%
category: 'removing'
method: OrderedCollection
removeIndex: index
  "Remove the element at index and answer it."
  | pos obj |
  self _checkIndex: index.
  pos := firstIndex + index - 1.
  obj := elements at: pos.
  pos to: lastIndex - 1 do: [:i | elements at: i put: (elements at: i + 1)].
  elements at: lastIndex put: nil.
  lastIndex := lastIndex - 1.
  ^obj
%
category: 'removing'
method: OrderedCollection
removeAtIndex: index
  ^self removeIndex: index
%
category: 'removing'
method: OrderedCollection
remove: oldObject ifAbsent: aBlock
  | index |
  index := self indexOf: oldObject.
  index = 0 ifTrue: [^aBlock value].
  self removeIndex: index.
  ^oldObject
%
category: 'removing'
method: OrderedCollection
removeAll
  "Remove every element."
  self setCapacity: 10
%
category: 'enumerating'
method: OrderedCollection
do: aBlock
  firstIndex to: lastIndex do: [:i | aBlock value: (elements at: i)]
%
category: 'enumerating'
method: OrderedCollection
collect: aBlock
  | result |
  result := OrderedCollection new: self size.
  self do: [:each | result addLast: (aBlock value: each)].
  ^result
%
category: 'enumerating'
method: OrderedCollection
select: aBlock
  | result |
  result := self copyEmpty.
  self do: [:each | (aBlock value: each) ifTrue: [result add: each]].
  ^result
%
category: 'enumerating'
method: OrderedCollection
with: aCollection collect: aBlock
  | result |
  aCollection size = self size ifFalse: [^self error: 'collections of different sizes'].
  result := OrderedCollection new: self size.
  1 to: self size do: [:i | result addLast: (aBlock value: (self at: i) value: (aCollection at: i))].
  ^result
%
category: 'enumerating'
method: OrderedCollection
collectWithIndex: aBlock
  | result |
  result := OrderedCollection new: self size.
  1 to: self size do: [:i | result addLast: (aBlock value: (self at: i) value: i)].
  ^result
%
category: 'copying'
method: OrderedCollection
copyEmpty
  ^self species new
%
category: 'copying'
method: OrderedCollection
copyFrom: start to: stop
  | result |
  (stop >= start and: [start < 1 or: [stop > self size]])
    ifTrue: [^self _indexError: ((start < 1) ifTrue: [start] ifFalse: [stop])].
  result := self copyEmpty.
  start to: stop do: [:i | result add: (self at: i)].
  ^result
%
category: 'copying'
method: OrderedCollection
, aCollection
  ^self copy addAll: aCollection; yourself
%
category: 'copying'
method: OrderedCollection
copyWith: anObject
  ^self copy add: anObject; yourself
%
category: 'copying'
method: OrderedCollection
reverse
  | result |
  result := OrderedCollection new: self size.
  self reverseDo: [:each | result addLast: each].
  ^result
%
category: 'copying'
method: OrderedCollection
postCopy
  elements := elements copy
%
category: 'copying'
method: OrderedCollection
copyReplaceAll: oldSubCollection with: newSubCollection
  ^(self asArray copyReplaceAll: oldSubCollection with: newSubCollection) asOrderedCollection
%
category: 'instance creation'
classmethod: OrderedCollection
new
  ^self new: 10
%
category: 'instance creation'
classmethod: OrderedCollection
new: anInteger
  "Answer an empty collection with room for anInteger elements."
  ^self basicNew setCapacity: anInteger
%
category: 'instance creation'
classmethod: OrderedCollection
new: size withAll: anObject
  | result |
  result := self new: size.
  size timesRepeat: [result add: anObject].
  ^result
%
category: 'instance creation'
classmethod: OrderedCollection
withAll: aCollection
  ^(self new: aCollection size) addAll: aCollection; yourself
%

! ------------------------------------------------------------------ SortedCollection
removeallmethods SortedCollection
removeallclassmethods SortedCollection

category: 'accessing'
method: SortedCollection
sortBlock
  ^sortBlock
%
category: 'accessing'
method: SortedCollection
sortBlock: aBlock
  "Use aBlock to order the elements from now on, and re-sort them."
  | all |
  sortBlock := aBlock.
  all := self asArray.
  self setCapacity: all size.
  self addAll: all
%
category: 'private'
method: SortedCollection
setSortBlock: aBlock
  sortBlock := aBlock
%
category: 'private'
method: SortedCollection
_insertionIndexFor: anObject
  "Answer the index after every element that sorts before or with anObject."
  | lo hi mid |
  lo := 1.
  hi := self size + 1.
  [lo < hi] whileTrue: [
    mid := (lo + hi) // 2.
    (sortBlock value: (self at: mid) value: anObject)
      ifTrue: [lo := mid + 1]
      ifFalse: [hi := mid]].
  ^lo
%
category: 'adding'
method: SortedCollection
add: anObject
  "Insert anObject in sort order and answer it."
  ^self _insert: anObject before: (self _insertionIndexFor: anObject)
%
category: 'adding'
method: SortedCollection
addAll: aCollection
  aCollection do: [:each | self add: each].
  ^aCollection
%
category: 'adding'
method: SortedCollection
addFirst: anObject
  ^self shouldNotImplement
%
category: 'adding'
method: SortedCollection
addLast: anObject
  ^self shouldNotImplement
%
category: 'adding'
method: SortedCollection
add: anObject beforeIndex: index
  ^self shouldNotImplement
%
category: 'accessing'
method: SortedCollection
at: index put: anObject
  ^self shouldNotImplement
%
category: 'accessing'
method: SortedCollection
median
  ^self at: self size + 1 // 2
%
category: 'enumerating'
method: SortedCollection
collect: aBlock
  "Answer an OrderedCollection: the values of aBlock need not be sortable by the sort block."
  | result |
  result := OrderedCollection new: self size.
  self do: [:each | result addLast: (aBlock value: each)].
  ^result
%
category: 'copying'
method: SortedCollection
copyEmpty
  ^self class sortBlock: sortBlock
%
category: 'copying'
method: SortedCollection
reverse
  | result |
  result := OrderedCollection new: self size.
  self reverseDo: [:each | result addLast: each].
  ^result
%
category: 'sorting'
method: SortedCollection
sort: aSortBlock
  self sortBlock: aSortBlock
%
category: 'converting'
method: SortedCollection
asSortedCollection: aSortBlock
  ^(self class sortBlock: aSortBlock) addAll: self; yourself
%
category: 'instance creation'
classmethod: SortedCollection
new: anInteger
  ^(super new: anInteger) setSortBlock: [:a :b | a <= b]
%
category: 'instance creation'
classmethod: SortedCollection
sortBlock: aBlock
  "Answer an empty SortedCollection ordered by aBlock."
  ^(super new: 10) setSortBlock: aBlock
%

! ------------------------------------------------------------------ Interval
removeallmethods Interval
removeallclassmethods Interval

category: 'private'
method: Interval
setFrom: start to: stop by: step
  from := start.
  to := stop.
  by := step
%
category: 'accessing'
method: Interval
first
  self isEmpty ifTrue: [^self emptyCheck].
  ^from
%
category: 'accessing'
method: Interval
last
  self isEmpty ifTrue: [^self emptyCheck].
  ^from + ((self size - 1) * by)
%
category: 'accessing'
method: Interval
increment
  ^by
%
category: 'accessing'
method: Interval
size
  "Answer how many numbers the progression holds."
  by > 0
    ifTrue: [to < from ifTrue: [^0]]
    ifFalse: [from < to ifTrue: [^0]].
  ^((to - from) / by) floor + 1
%
category: 'accessing'
method: Interval
at: index
  (index isInteger and: [index between: 1 and: self size]) ifFalse: [^self _indexError: index].
  ^from + ((index - 1) * by)
%
category: 'accessing'
method: Interval
at: index put: anObject
  ^self shouldNotImplement
%
category: 'adding'
method: Interval
add: anObject
  ^self shouldNotImplement
%
category: 'removing'
method: Interval
remove: oldObject ifAbsent: aBlock
  ^self shouldNotImplement
%
category: 'enumerating'
method: Interval
do: aBlock
  | i n |
  n := self size.
  i := 0.
  [i < n] whileTrue: [aBlock value: from + (i * by). i := i + 1]
%
category: 'enumerating'
method: Interval
collect: aBlock
  | result n |
  n := self size.
  result := Array new: n.
  1 to: n do: [:i | result at: i put: (aBlock value: from + ((i - 1) * by))].
  ^result
%
category: 'comparing'
method: Interval
= anObject
  (anObject isKindOf: Interval) ifFalse: [^false].
  ^self size = anObject size and: [self isEmpty or: [self first = anObject first and: [self last = anObject last]]]
%
category: 'comparing'
method: Interval
hash
  ^(from hash bitXor: to hash) bitXor: by hash
%
category: 'converting'
method: Interval
species
  ^Array
%
category: 'copying'
method: Interval
shallowCopy
  ^Interval from: from to: to by: by
%
category: 'printing'
method: Interval
printOn: aStream
  "Print the elements as a collection does; GemStone's anInterval( 1, 2, 3)."
  super printOn: aStream
%
category: 'instance creation'
classmethod: Interval
from: start to: stop
  ^self basicNew setFrom: start to: stop by: 1
%
category: 'instance creation'
classmethod: Interval
from: start to: stop by: step
  step = 0 ifTrue: [^self error: 'an Interval step must not be zero'].
  ^self basicNew setFrom: start to: stop by: step
%
category: 'instance creation'
classmethod: Interval
new
  ^self shouldNotImplement
%

! ------------------------------------------------------------------ UnorderedCollection
removeallmethods UnorderedCollection
removeallclassmethods UnorderedCollection

category: 'accessing'
method: UnorderedCollection
at: index
  ^self shouldNotImplement
%
category: 'accessing'
method: UnorderedCollection
at: index put: anObject
  ^self shouldNotImplement
%

! ------------------------------------------------------------------ Bag
removeallmethods Bag
removeallclassmethods Bag

category: 'private'
method: Bag
setCounts
  counts := Dictionary new.
  tally := 0
%
category: 'adding'
method: Bag
add: anObject
  ^self add: anObject withOccurrences: 1
%
category: 'adding'
method: Bag
add: anObject withOccurrences: anInteger
  "Add anObject anInteger times and answer it."
  anObject == nil ifTrue: [^anObject].
  counts at: anObject put: (counts at: anObject ifAbsent: [0]) + anInteger.
  tally := tally + anInteger.
  ^anObject
%
category: 'removing'
method: Bag
remove: oldObject ifAbsent: aBlock
  | n |
  n := counts at: oldObject ifAbsent: [^aBlock value].
  n = 1
    ifTrue: [counts removeKey: oldObject]
    ifFalse: [counts at: oldObject put: n - 1].
  tally := tally - 1.
  ^oldObject
%
category: 'accessing'
method: Bag
size
  ^tally
%
category: 'accessing'
method: Bag
occurrencesOf: anObject
  ^counts at: anObject ifAbsent: [0]
%
category: 'testing'
method: Bag
includes: anObject
  ^counts includesKey: anObject
%
category: 'enumerating'
method: Bag
do: aBlock
  counts keysAndValuesDo: [:each :n | n timesRepeat: [aBlock value: each]]
%
category: 'converting'
method: Bag
asSet
  ^counts keys
%
category: 'copying'
method: Bag
postCopy
  counts := counts copy
%
category: 'instance creation'
classmethod: Bag
new
  ^self basicNew setCounts
%
category: 'instance creation'
classmethod: Bag
new: anInteger
  ^self new
%

! ------------------------------------------------------------------ Set
removeallmethods Set
removeallclassmethods Set

category: 'private'
method: Set
setBuckets: anInteger
  buckets := Array new: anInteger.
  tally := 0
%
category: 'private'
method: Set
_hashOf: anObject
  ^anObject hash
%
category: 'private'
method: Set
_matches: element with: anObject
  ^element = anObject
%
category: 'private'
method: Set
_indexOf: anObject
  "Answer the bucket holding anObject, or the empty bucket where it would go."
  | n i element |
  n := buckets size.
  "Multiplying by an odd constant spreads clustered hashes (the hashes of '1' ... '99999' are runs of consecutive values) over the buckets, which linear probing needs."
  i := (self _hashOf: anObject) * 1000003 \\ n + 1.
  [(element := buckets at: i) == nil or: [self _matches: element with: anObject]]
    whileFalse: [i := i \\ n + 1].
  ^i
%
category: 'private'
method: Set
_grow
  | old |
  old := buckets.
  self setBuckets: old size * 2.
  old do: [:each | each == nil ifFalse: [self _addNew: each]]
%
category: 'private'
method: Set
_addNew: anObject
  buckets at: (self _indexOf: anObject) put: anObject.
  tally := tally + 1
%
category: 'accessing'
method: Set
size
  ^tally
%
category: 'adding'
method: Set
add: anObject
  "Add anObject unless an equal element is present; answer anObject. nil is not added."
  | i |
  anObject == nil ifTrue: [^anObject].
  i := self _indexOf: anObject.
  (buckets at: i) == nil ifTrue: [
    buckets at: i put: anObject.
    tally := tally + 1.
    tally * 4 > (buckets size * 3) ifTrue: [self _grow]].
  ^anObject
%
category: 'removing'
method: Set
remove: oldObject ifAbsent: aBlock
  | n i j element |
  oldObject == nil ifTrue: [^aBlock value].
  i := self _indexOf: oldObject.
  (buckets at: i) == nil ifTrue: [^aBlock value].
  buckets at: i put: nil.
  tally := tally - 1.
  n := buckets size.
  j := i \\ n + 1.
  [(element := buckets at: j) == nil] whileFalse: [
    buckets at: j put: nil.
    buckets at: (self _indexOf: element) put: element.
    j := j \\ n + 1].
  ^oldObject
%
category: 'testing'
method: Set
includes: anObject
  anObject == nil ifTrue: [^false].
  ^(buckets at: (self _indexOf: anObject)) notNil
%
category: 'testing'
method: Set
occurrencesOf: anObject
  ^(self includes: anObject) ifTrue: [1] ifFalse: [0]
%
category: 'enumerating'
method: Set
do: aBlock
  buckets do: [:each | each == nil ifFalse: [aBlock value: each]]
%
category: 'comparing'
method: Set
= aSet
  self == aSet ifTrue: [^true].
  self class == aSet class ifFalse: [^false].
  self size = aSet size ifFalse: [^false].
  self do: [:each | (aSet includes: each) ifFalse: [^false]].
  ^true
%
category: 'comparing'
method: Set
hash
  ^self size
%
category: 'copying'
method: Set
postCopy
  buckets := buckets copy
%
category: 'removing'
method: Set
removeAll
  self setBuckets: 16
%
category: 'instance creation'
classmethod: Set
new
  ^self new: 8
%
category: 'instance creation'
classmethod: Set
new: anInteger
  "Answer an empty Set with room for about anInteger elements."
  ^self basicNew setBuckets: (anInteger * 2 max: 8)
%

! ------------------------------------------------------------------ IdentitySet
removeallmethods IdentitySet
removeallclassmethods IdentitySet

category: 'private'
method: IdentitySet
_hashOf: anObject
  ^anObject identityHash
%
category: 'private'
method: IdentitySet
_matches: element with: anObject
  ^element == anObject
%

! ------------------------------------------------------------------ AbstractDictionary
removeallmethods AbstractDictionary
removeallclassmethods AbstractDictionary

category: 'accessing'
method: AbstractDictionary
at: aKey
  "Answer the value at aKey; signal LookupError if aKey is absent."
  ^self at: aKey ifAbsent: [LookupError new signal: 'key not found: ', aKey printString]
%
category: 'accessing'
method: AbstractDictionary
at: aKey ifAbsent: aBlock
  ^self subclassResponsibility
%
category: 'accessing'
method: AbstractDictionary
at: aKey put: aValue
  ^self subclassResponsibility
%
category: 'accessing'
method: AbstractDictionary
at: aKey otherwise: aValue
  "Answer the value at aKey, or aValue when the receiver has no such key (GemStone's spelling of at:ifAbsent: with a value)."
  ^self at: aKey ifAbsent: [aValue]
%
category: 'accessing'
method: AbstractDictionary
at: aKey ifAbsentPut: aBlock
  "Answer the value at aKey, first storing the value of aBlock there if aKey is absent."
  ^self at: aKey ifAbsent: [self at: aKey put: aBlock value]
%
category: 'accessing'
method: AbstractDictionary
at: aKey ifPresent: aBlock
  "Evaluate aBlock with the value at aKey if there is one; answer its result, or nil."
  | v |
  v := self at: aKey ifAbsent: [^nil].
  ^aBlock cull: v
%
category: 'accessing'
method: AbstractDictionary
at: aKey ifPresent: presentBlock ifAbsent: absentBlock
  | v |
  v := self at: aKey ifAbsent: [^absentBlock value].
  ^presentBlock cull: v
%
category: 'accessing'
method: AbstractDictionary
keys
  "Answer a Set of the keys."
  | result |
  result := Set new: self size.
  self keysDo: [:k | result add: k].
  ^result
%
category: 'accessing'
method: AbstractDictionary
values
  "Answer an Array of the values."
  | result |
  result := OrderedCollection new: self size.
  self do: [:v | result add: v].
  ^result asArray
%
category: 'accessing'
method: AbstractDictionary
associations
  | result |
  result := OrderedCollection new: self size.
  self associationsDo: [:a | result add: a].
  ^result asArray
%
category: 'accessing'
method: AbstractDictionary
associationAt: aKey
  ^Association key: aKey value: (self at: aKey)
%
category: 'accessing'
method: AbstractDictionary
associationAt: aKey otherwise: aValue
  "Answer the association at aKey, or aValue when the receiver has no such key."
  ^(self includesKey: aKey)
    ifTrue: [self associationAt: aKey]
    ifFalse: [aValue]
%
category: 'accessing'
method: AbstractDictionary
keyAtValue: aValue
  ^self keyAtValue: aValue ifAbsent: [nil]
%
category: 'accessing'
method: AbstractDictionary
keyAtValue: aValue ifAbsent: aBlock
  "Answer a key whose value equals aValue, or the value of aBlock."
  self keysAndValuesDo: [:k :v | v = aValue ifTrue: [^k]].
  ^aBlock value
%
category: 'accessing'
method: AbstractDictionary
keysSortedSafely
  ^(self keys asSortedCollection: [:a :b | a <= b]) asArray
%
category: 'testing'
method: AbstractDictionary
includesKey: aKey
  self at: aKey ifAbsent: [^false].
  ^true
%
category: 'testing'
method: AbstractDictionary
includes: aValue
  self do: [:v | v = aValue ifTrue: [^true]].
  ^false
%
category: 'enumerating'
method: AbstractDictionary
keysAndValuesDo: aBlock
  "Evaluate aBlock with each key and its value."
  ^self subclassResponsibility
%
category: 'enumerating'
method: AbstractDictionary
do: aBlock
  "Evaluate aBlock with each value."
  self keysAndValuesDo: [:k :v | aBlock value: v]
%
category: 'enumerating'
method: AbstractDictionary
valuesDo: aBlock
  self keysAndValuesDo: [:k :v | aBlock value: v]
%
category: 'enumerating'
method: AbstractDictionary
keysDo: aBlock
  self keysAndValuesDo: [:k :v | aBlock value: k]
%
category: 'enumerating'
method: AbstractDictionary
associationsDo: aBlock
  "Evaluate aBlock with an Association for each entry."
  self keysAndValuesDo: [:k :v | aBlock value: (Association key: k value: v)]
%
category: 'enumerating'
method: AbstractDictionary
collect: aBlock
  "Answer a Bag of the values of aBlock for each value."
  | result |
  result := Bag new.
  self do: [:v | result add: (aBlock value: v)].
  ^result
%
category: 'enumerating'
method: AbstractDictionary
select: aBlock
  "Answer a dictionary of the same class with the entries whose value satisfies aBlock."
  | result |
  result := self species new.
  self keysAndValuesDo: [:k :v | (aBlock value: v) ifTrue: [result at: k put: v]].
  ^result
%
category: 'enumerating'
method: AbstractDictionary
reject: aBlock
  ^self select: [:v | (aBlock value: v) == false]
%
category: 'enumerating'
method: AbstractDictionary
keysSelect: aBlock
  | result |
  result := self species new.
  self keysAndValuesDo: [:k :v | (aBlock value: k) ifTrue: [result at: k put: v]].
  ^result
%
category: 'adding'
method: AbstractDictionary
add: anAssociation
  "Store anAssociation's value at its key and answer anAssociation."
  self at: anAssociation key put: anAssociation value.
  ^anAssociation
%
category: 'adding'
method: AbstractDictionary
addAll: aCollection
  "Add the entries of a dictionary, or the Associations of any other collection."
  (aCollection isKindOf: AbstractDictionary)
    ifTrue: [aCollection keysAndValuesDo: [:k :v | self at: k put: v]]
    ifFalse: [aCollection do: [:each | self add: each]].
  ^aCollection
%
category: 'removing'
method: AbstractDictionary
removeKey: aKey
  "Remove aKey and answer its value; signal LookupError if aKey is absent."
  ^self removeKey: aKey ifAbsent: [LookupError new signal: 'key not found: ', aKey printString]
%
category: 'removing'
method: AbstractDictionary
removeKey: aKey ifAbsent: aBlock
  ^self subclassResponsibility
%
category: 'removing'
method: AbstractDictionary
remove: anObject ifAbsent: aBlock
  ^self shouldNotImplement
%
category: 'comparing'
method: AbstractDictionary
= aDictionary
  self == aDictionary ifTrue: [^true].
  self class == aDictionary class ifFalse: [^false].
  self size = aDictionary size ifFalse: [^false].
  self keysAndValuesDo: [:k :v |
    (aDictionary at: k ifAbsent: [^false]) = v ifFalse: [^false]].
  ^true
%
category: 'comparing'
method: AbstractDictionary
hash
  ^self size
%
category: 'printing'
method: AbstractDictionary
printOn: aStream
  "Print as aDictionary( key->value, ...)."
  | first |
  aStream nextPutAll: self class nameWithArticle; nextPut: $(.
  first := true.
  self keysAndValuesDo: [:k :v |
    first ifFalse: [aStream nextPut: $,].
    first := false.
    aStream space; print: k; nextPutAll: '->'; print: v].
  first ifTrue: [aStream space].
  aStream nextPut: $)
%

! ------------------------------------------------------------------ KeyValueDictionary
removeallmethods KeyValueDictionary
removeallclassmethods KeyValueDictionary

category: 'private'
method: KeyValueDictionary
setBuckets: anInteger
  keys := Array new: anInteger.
  values := Array new: anInteger.
  tally := 0
%
category: 'private'
method: KeyValueDictionary
_hashOf: aKey
  ^aKey hash
%
category: 'private'
method: KeyValueDictionary
_matches: storedKey with: aKey
  ^storedKey = aKey
%
category: 'private'
method: KeyValueDictionary
_indexOf: aKey
  "Answer the bucket holding aKey, or the empty bucket where it would go."
  | n i k |
  n := keys size.
  "Multiplying by an odd constant spreads clustered hashes (the hashes of '1' ... '99999' are runs of consecutive values) over the buckets, which linear probing needs."
  i := (self _hashOf: aKey) * 1000003 \\ n + 1.
  [(k := keys at: i) == nil or: [self _matches: k with: aKey]]
    whileFalse: [i := i \\ n + 1].
  ^i
%
category: 'private'
method: KeyValueDictionary
_grow
  | oldKeys oldValues |
  oldKeys := keys.
  oldValues := values.
  self setBuckets: oldKeys size * 2.
  1 to: oldKeys size do: [:i |
    (oldKeys at: i) == nil ifFalse: [
      | j |
      j := self _indexOf: (oldKeys at: i).
      keys at: j put: (oldKeys at: i).
      values at: j put: (oldValues at: i).
      tally := tally + 1]]
%
category: 'accessing'
method: KeyValueDictionary
size
  ^tally
%
category: 'accessing'
method: KeyValueDictionary
at: aKey ifAbsent: aBlock
  | i |
  aKey == nil ifTrue: [^aBlock value].
  i := self _indexOf: aKey.
  (keys at: i) == nil ifTrue: [^aBlock value].
  ^values at: i
%
category: 'accessing'
method: KeyValueDictionary
at: aKey put: aValue
  "Store aValue at aKey and answer aValue. nil cannot be a key."
  | i |
  aKey == nil ifTrue: [^ArgumentTypeError new signal: 'nil cannot be a dictionary key'].
  i := self _indexOf: aKey.
  (keys at: i) == nil
    ifTrue: [
      keys at: i put: aKey.
      values at: i put: aValue.
      tally := tally + 1.
      tally * 4 > (keys size * 3) ifTrue: [self _grow]]
    ifFalse: [values at: i put: aValue].
  ^aValue
%
category: 'testing'
method: KeyValueDictionary
includesKey: aKey
  aKey == nil ifTrue: [^false].
  ^(keys at: (self _indexOf: aKey)) notNil
%
category: 'removing'
method: KeyValueDictionary
removeKey: aKey ifAbsent: aBlock
  | n i j k v value |
  aKey == nil ifTrue: [^aBlock value].
  i := self _indexOf: aKey.
  (keys at: i) == nil ifTrue: [^aBlock value].
  value := values at: i.
  keys at: i put: nil.
  values at: i put: nil.
  tally := tally - 1.
  n := keys size.
  j := i \\ n + 1.
  [(k := keys at: j) == nil] whileFalse: [
    v := values at: j.
    keys at: j put: nil.
    values at: j put: nil.
    i := self _indexOf: k.
    keys at: i put: k.
    values at: i put: v.
    j := j \\ n + 1].
  ^value
%
category: 'removing'
method: KeyValueDictionary
removeAll
  self setBuckets: 16
%
category: 'enumerating'
method: KeyValueDictionary
keysAndValuesDo: aBlock
  1 to: keys size do: [:i |
    (keys at: i) == nil ifFalse: [aBlock value: (keys at: i) value: (values at: i)]]
%
category: 'copying'
method: KeyValueDictionary
postCopy
  keys := keys copy.
  values := values copy
%
category: 'instance creation'
classmethod: KeyValueDictionary
new
  ^self new: 8
%
category: 'instance creation'
classmethod: KeyValueDictionary
new: anInteger
  "Answer an empty dictionary with room for about anInteger entries."
  ^self basicNew setBuckets: (anInteger * 2 max: 8)
%

! ------------------------------------------------------------------ IdentityKeyValueDictionary
removeallmethods IdentityKeyValueDictionary
removeallclassmethods IdentityKeyValueDictionary

category: 'private'
method: IdentityKeyValueDictionary
_hashOf: aKey
  ^aKey identityHash
%
category: 'private'
method: IdentityKeyValueDictionary
_matches: storedKey with: aKey
  ^storedKey == aKey
%

! ------------------------------------------------------------------ SymbolDictionary
removeallmethods SymbolDictionary
removeallclassmethods SymbolDictionary

category: 'accessing'
method: SymbolDictionary
at: aKey put: aValue
  "Store aValue under aKey converted to a Symbol."
  ^super at: aKey asSymbol put: aValue
%
category: 'accessing'
method: SymbolDictionary
associationAt: aKey
  ^SymbolAssociation key: aKey asSymbol value: (self at: aKey asSymbol)
%
category: 'enumerating'
method: SymbolDictionary
associationsDo: aBlock
  self keysAndValuesDo: [:k :v | aBlock value: (SymbolAssociation key: k value: v)]
%
category: 'accessing'
method: SymbolDictionary
name
  "Answer the receiver's name, a Symbol: the name of the session's symbol dictionary it is, else the key under which it binds itself (see name:), else nil."
  | n |
  n := self _sessionName.
  n == nil ifFalse: [^n].
  self keysAndValuesDo: [:k :v | v == self ifTrue: [^k]].
  ^nil
%
category: 'accessing'
method: SymbolDictionary
name: aSymbol
  "Name the receiver aSymbol, as GemStone does: by binding aSymbol to the receiver itself."
  self at: aSymbol asSymbol put: self
%
category: 'comparing'
method: SymbolDictionary
= anObject
  "A named SymbolDictionary equals only itself: in GemStone it holds itself under its name, so no other dictionary has its entries; here a symbol dictionary of the session keeps its name apart from its entries, so equal entries must not make two of them equal (SymbolList>>indexOf: would find the wrong one)."
  self == anObject ifTrue: [^true].
  self name == nil ifFalse: [^false].
  ((anObject isKindOf: SymbolDictionary) and: [anObject name ~~ nil]) ifTrue: [^false].
  ^super = anObject
%
category: 'comparing'
method: SymbolDictionary
hash
  | n |
  n := self name.
  ^n == nil ifTrue: [super hash] ifFalse: [n hash]
%
category: 'private'
method: SymbolDictionary
_sessionName
  "Answer the name of the session's symbol dictionary the receiver is, or nil when it is not one."
  <primitive: 140>
  ^nil
%

! ------------------------------------------------------------------ Association
removeallmethods Association
removeallclassmethods Association

category: 'accessing'
method: Association
key
  ^key
%
category: 'accessing'
method: Association
value
  ^value
%
category: 'accessing'
method: Association
key: aKey
  key := aKey
%
category: 'accessing'
method: Association
value: aValue
  value := aValue
%
category: 'accessing'
method: Association
key: aKey value: aValue
  key := aKey.
  value := aValue
%
category: 'comparing'
method: Association
= anObject
  ^(anObject isKindOf: Association) and: [key = anObject key and: [value = anObject value]]
%
category: 'comparing'
method: Association
hash
  ^key hash
%
category: 'comparing'
method: Association
< anAssociation
  "Order Associations by key."
  ^key < anAssociation key
%
category: 'comparing'
method: Association
<= anAssociation
  ^key <= anAssociation key
%
category: 'printing'
method: Association
printOn: aStream
  aStream print: key; nextPutAll: '->'; print: value
%
category: 'printing'
method: Association
displayOn: aStream
  aStream nextPutAll: key displayString; nextPutAll: '->'; nextPutAll: value displayString
%
category: 'instance creation'
classmethod: Association
key: aKey value: aValue
  ^self new key: aKey value: aValue
%
category: 'instance creation'
classmethod: Association
newWithKey: aKey value: aValue
  "GemStone's spelling of key:value:."
  ^self key: aKey value: aValue
%
