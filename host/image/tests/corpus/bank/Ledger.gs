set compile_env: 0
! ------------------- Class definition for Ledger
expectvalue /Class
doit
Object indexableSubclass: 'Ledger'
  instVarNames: #( tally)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Banking
  options: #()

%
expectvalue /Class
doit
Ledger comment: 
'A Ledger is a fixed-size indexable record of Transactions, filled in
order; tally counts the slots in use.'
%
expectvalue /Class
doit
Ledger category: 'Bank-Records'
%
! ------------------- Remove existing behavior from Ledger
removeallmethods Ledger
removeallclassmethods Ledger
! ------------------- Class methods for Ledger
category: 'instance creation'
classmethod: Ledger
new: aSize
	^(super new: aSize) initTally
%
! ------------------- Instance methods for Ledger
category: 'adding'
method: Ledger
add: aTransaction
	tally >= self size ifTrue: [^self error: 'ledger full'].
	tally := tally + 1.
	^self at: tally put: aTransaction
%
category: 'enumerating'
method: Ledger
do: aBlock
	1 to: tally do: [:i | aBlock value: (self at: i)]
%
category: 'enumerating'
method: Ledger
total
	| sum |
	sum := 0.
	self do: [:each | sum := sum + each signedAmount].
	^sum
%
category: 'initialization'
method: Ledger
initTally
	tally := 0
%
