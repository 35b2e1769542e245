set compile_env: 0
! ------------------- Class definition for Account
expectvalue /Class
doit
BankEntity subclass: 'Account'
  instVarNames: #( owner balance history number)
  classVars: #( InterestRate)
  classInstVars: #( opened)
  poolDictionaries: #( BankConstants)
  inDictionary: Banking
  options: #()

%
expectvalue /Class
doit
Account comment: 
'An Account holds a balance in the bank''s currency (CurrencyCode in the
BankConstants pool) and the Transactions that changed it.

Deposits and withdrawals are recorded in history, newest last. A
withdrawal that would take the balance below MinimumBalance is refused
according to the Overdraft policy.'
%
expectvalue /Class
doit
Account category: 'Bank-Core'
%
! ------------------- Remove existing behavior from Account
removeallmethods Account
removeallclassmethods Account
! ------------------- Class methods for Account
category: 'accessing'
classmethod: Account
interestRate
	"The yearly rate paid on positive balances; DefaultRate until set."
	^InterestRate ifNil: [DefaultRate]
%
category: 'accessing'
classmethod: Account
interestRate: aNumber
	InterestRate := aNumber
%
category: 'accessing'
classmethod: Account
opened
	^opened ifNil: [0]
%
category: 'instance creation'
classmethod: Account
owner: aString
	"Answer a new account for aString, counted in opened."
	opened := self opened + 1.
	^self new setOwner: aString
%
category: 'instance creation'
classmethod: Account
owner: aString deposit: anAmount
	^(self owner: aString)
		deposit: anAmount;
		yourself
%
! ------------------- Instance methods for Account
category: 'accessing'
method: Account
balance
	^balance ifNil: [0]
%
category: 'accessing'
method: Account
history
	^history ifNil: [history := OrderedCollection new]
%
category: 'accessing'
method: Account
number
	^number
%
category: 'accessing'
method: Account
number: anAccountNumber
	number := anAccountNumber
%
category: 'accessing'
method: Account
owner
	^owner
%
category: 'initialization'
method: Account
setOwner: aString
	owner := aString.
	balance := 0.
	history := OrderedCollection new
%
category: 'interest'
method: Account
addInterest
	"Credit a year's interest at the class's rate, rounded to cents."
	| interest |
	self balance <= 0 ifTrue: [^self].
	interest := (self balance * self class interestRate) roundTo: 1/100.
	^self deposit: interest
%
category: 'printing'
method: Account
printOn: aStream
	aStream
		nextPutAll: self class name;
		nextPutAll: '(';
		nextPutAll: owner printString;
		nextPutAll: ' ';
		print: self balance;
		nextPutAll: ' ';
		nextPutAll: CurrencyCode;
		nextPut: $)
%
category: 'testing'
method: Account
canWithdraw: anAmount
	^self balance - anAmount >= MinimumBalance
		or: [Overdraft == #allow]
%
category: 'testing'
method: Account
isOverdrawn
	^self balance < 0
%
category: 'transactions'
method: Account
deposit: anAmount
	anAmount <= 0 ifTrue: [^self error: 'a deposit must be positive, got ' , anAmount printString].
	^self record: (Transaction amount: anAmount kind: #deposit)
%
category: 'transactions'
method: Account
record: aTransaction
	balance := self balance + aTransaction signedAmount.
	self history add: aTransaction.
	BankTrace == true ifTrue: [aTransaction note: self printString].
	^aTransaction
%
category: 'transactions'
method: Account
withdraw: anAmount
	(self canWithdraw: anAmount)
		ifFalse: [^self error: 'insufficient funds in ' , self printString].
	^self record: (Transaction amount: anAmount kind: #withdrawal)
%
