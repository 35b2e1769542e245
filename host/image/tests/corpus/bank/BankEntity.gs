set compile_env: 0
! ------------------- Class definition for BankEntity
expectvalue /Class
doit
Object subclass: 'BankEntity'
  instVarNames: #( id created)
  classVars: #( NextId)
  classInstVars: #( registry)
  poolDictionaries: #()
  inDictionary: Banking
  options: #()

%
expectvalue /Class
doit
BankEntity comment: 
'BankEntity is the abstract root of everything the bank keeps: each entity
gets a unique id from NextId when it is created, and each concrete class
keeps a registry (a class-instance variable) of its live instances.'
%
expectvalue /Class
doit
BankEntity category: 'Bank-Core'
%
! ------------------- Remove existing behavior from BankEntity
removeallmethods BankEntity
removeallclassmethods BankEntity
! ------------------- Class methods for BankEntity
category: 'instance creation'
classmethod: BankEntity
new
	^super new initialize
%
category: 'registry'
classmethod: BankEntity
nextId
	NextId isNil ifTrue: [NextId := 0].
	NextId := NextId + 1.
	^NextId
%
category: 'registry'
classmethod: BankEntity
register: anEntity
	^self registry at: anEntity id put: anEntity
%
category: 'registry'
classmethod: BankEntity
registry
	^registry ifNil: [registry := Dictionary new]
%
category: 'registry'
classmethod: BankEntity
resetRegistry
	"Forget every registered instance of this class (not of its subclasses)."
	registry := nil
%
! ------------------- Instance methods for BankEntity
category: 'accessing'
method: BankEntity
id
	^id
%
category: 'comparing'
method: BankEntity
= anObject
	^(anObject isKindOf: BankEntity) and: [id = anObject id]
%
category: 'comparing'
method: BankEntity
hash
	^id hash
%
category: 'initialization'
method: BankEntity
initialize
	id := self class nextId.
	self class register: self
%
