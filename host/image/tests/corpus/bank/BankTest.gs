set compile_env: 0
! ------------------- Class definition for BankTest
expectvalue /Class
doit
TestCase subclass: 'BankTest'
  instVarNames: #( bank)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #( BankConstants)
  inDictionary: Banking
  options: #()

%
expectvalue /Class
doit
BankTest comment: 
'SUnit tests of Bank, Account and SavingsAccount.'
%
expectvalue /Class
doit
BankTest category: 'Bank-Tests'
%
! ------------------- Remove existing behavior from BankTest
removeallmethods BankTest
removeallclassmethods BankTest
! ------------------- Class methods for BankTest
! ------------------- Instance methods for BankTest
category: 'running'
method: BankTest
setUp
	bank := Bank named: 'Test Bank'
%
category: 'tests'
method: BankTest
testDeposit
	| account |
	account := bank open: Account for: 'ann'.
	account deposit: 50.
	self assert: account balance equals: MinimumBalance + 50
%
category: 'tests'
method: BankTest
testOverdraftIsRefused
	| account |
	account := bank open: Account for: 'bob'.
	self should: [account withdraw: 1000] raise: Error.
	self deny: account isOverdrawn
%
category: 'tests'
method: BankTest
testSavingsLimit
	| account |
	account := bank openSavingsFor: 'cy'.
	account deposit: 1000.
	3 timesRepeat: [account withdraw: 1].
	self should: [account withdraw: 1] raise: Error
%
