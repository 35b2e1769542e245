set compile_env: 0
! ------------------- Class definition for Transaction
expectvalue /Class
doit
BankEntity subclass: 'Transaction'
  instVarNames: #( amount kind note)
  classVars: #( Kinds)
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Banking
  options: #()

%
expectvalue /Class
doit
Transaction comment: 
'A Transaction is one movement of money: a positive amount and a kind
(#deposit, #withdrawal or #fee). Its examples category exercises every
literal form the compiler accepts.'
%
expectvalue /Class
doit
Transaction category: 'Bank-Core'
%
! ------------------- Remove existing behavior from Transaction
removeallmethods Transaction
removeallclassmethods Transaction
! ------------------- Class methods for Transaction
category: 'constants'
classmethod: Transaction
kinds
	^Kinds ifNil: [Kinds := #(#deposit #withdrawal #fee)]
%
category: 'examples'
classmethod: Transaction
literalExamples
	"One of each literal, so that a loader and an indexer see them all."
	^{
		42. -7. 16r1F. 2r1010. 36rSMALLTALK. 1e3. 1000000000000000000000000000000.
		3.14. 1.5e-3. 2.0d0. -0.5.
		1.23s2. 3s.
		$a. $ . $'.
		'plain'. 'it''s quoted'. ''.
		#symbol. #with:with:. #+. #'hello world'.
		#(1 $a 'b' #c d: (nested 2) true false nil #(deeper)).
		#[0 1 127 255].
		true. false. nil.
		[:x | x * 2]. [:a :b | | t | t := a + b. t]. []
	}
%
category: 'instance creation'
classmethod: Transaction
amount: aNumber kind: aSymbol
	(self kinds includes: aSymbol)
		ifFalse: [^self error: 'unknown transaction kind ' , aSymbol printString].
	^self new setAmount: aNumber kind: aSymbol
%
! ------------------- Instance methods for Transaction
category: 'accessing'
method: Transaction
amount
	^amount
%
category: 'accessing'
method: Transaction
kind
	^kind
%
category: 'accessing'
method: Transaction
note
	^note ifNil: ['']
%
category: 'accessing'
method: Transaction
note: aString
	note := aString
%
category: 'accessing'
method: Transaction
signedAmount
	^kind == #deposit
		ifTrue: [amount]
		ifFalse: [amount negated]
%
category: 'initialization'
method: Transaction
setAmount: aNumber kind: aSymbol
	amount := aNumber.
	kind := aSymbol
%
category: 'printing'
method: Transaction
printOn: aStream
	aStream nextPutAll: kind; space; print: amount
%
