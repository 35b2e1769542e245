set compile_env: 0
! ------------------- Class definition for AccountNumber
expectvalue /Class
doit
Object byteSubclass: 'AccountNumber'
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Banking
  options: #()

%
expectvalue /Class
doit
AccountNumber comment: 
'An AccountNumber is the bytes of an IBAN-like identifier.'
%
expectvalue /Class
doit
AccountNumber category: 'Bank-Records'
%
! ------------------- Remove existing behavior from AccountNumber
removeallmethods AccountNumber
removeallclassmethods AccountNumber
! ------------------- Class methods for AccountNumber
category: 'instance creation'
classmethod: AccountNumber
fromString: aString
	| result |
	result := self new: aString size.
	1 to: aString size do: [:i | result at: i put: (aString at: i) asInteger].
	^result
%
! ------------------- Instance methods for AccountNumber
category: 'converting'
method: AccountNumber
asString
	| out |
	out := String new: self size.
	1 to: self size do: [:i | out at: i put: (Character value: (self at: i))].
	^out
%
category: 'testing'
method: AccountNumber
isValid
	^self size between: 8 and: 34
%
