set compile_env: 0
! ------------------- Class definition for Bank
expectvalue /Class
doit
Object subclass: 'Bank'
  instVarNames: #( name accounts)
  classVars: #()
  classInstVars: #( default)
  poolDictionaries: #( BankConstants)
  inDictionary: Banking
  options: #()

%
expectvalue /Class
doit
Bank comment: 
'A Bank opens Accounts and answers questions across all of them.'
%
expectvalue /Class
doit
Bank category: 'Bank-Core'
%
! ------------------- Remove existing behavior from Bank
removeallmethods Bank
removeallclassmethods Bank
! ------------------- Class methods for Bank
category: 'accessing'
classmethod: Bank
default
	^default ifNil: [default := self named: 'Default Bank']
%
category: 'instance creation'
classmethod: Bank
named: aString
	^self new setName: aString
%
! ------------------- Instance methods for Bank
category: 'accounts'
method: Bank
accounts
	^accounts ifNil: [accounts := OrderedCollection new]
%
category: 'accounts'
method: Bank
open: aClass for: anOwner
	| account |
	account := aClass owner: anOwner deposit: MinimumBalance.
	self accounts add: account.
	^account
%
category: 'accounts'
method: Bank
openSavingsFor: anOwner
	^self open: SavingsAccount for: anOwner
%
category: 'initialization'
method: Bank
setName: aString
	name := aString
%
category: 'reporting'
method: Bank
overdrawn
	^self accounts select: [:each | each isOverdrawn]
%
category: 'reporting'
method: Bank
totalDeposits
	^self accounts inject: 0 into: [:sum :each | sum + each balance]
%
