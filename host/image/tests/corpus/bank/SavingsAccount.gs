set compile_env: 0
! ------------------- Class definition for SavingsAccount
expectvalue /Class
doit
Account subclass: 'SavingsAccount'
  instVarNames: #( withdrawalsThisMonth)
  classVars: #( MonthlyWithdrawals)
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Banking
  options: #()

%
expectvalue /Class
doit
SavingsAccount comment: 
'A SavingsAccount earns interest at twice the ordinary rate but allows
only MonthlyWithdrawals withdrawals a month.'
%
expectvalue /Class
doit
SavingsAccount category: 'Bank-Core'
%
! ------------------- Remove existing behavior from SavingsAccount
removeallmethods SavingsAccount
removeallclassmethods SavingsAccount
! ------------------- Class methods for SavingsAccount
category: 'accessing'
classmethod: SavingsAccount
interestRate
	^super interestRate * 2
%
category: 'accessing'
classmethod: SavingsAccount
monthlyWithdrawals
	^MonthlyWithdrawals ifNil: [3]
%
! ------------------- Instance methods for SavingsAccount
category: 'month end'
method: SavingsAccount
closeMonth
	withdrawalsThisMonth := 0.
	self addInterest
%
category: 'testing'
method: SavingsAccount
canWithdraw: anAmount
	^(withdrawalsThisMonth ifNil: [0]) < self class monthlyWithdrawals
		and: [super canWithdraw: anAmount]
%
category: 'transactions'
method: SavingsAccount
withdraw: anAmount
	| result |
	result := super withdraw: anAmount.
	withdrawalsThisMonth := (withdrawalsThisMonth ifNil: [0]) + 1.
	^result
%
