! gs-mcp kernel class library, part 10: magnitudes.
! Magnitude, Character, the Number tower (Integer, SmallInteger, LargeInteger,
! AbstractFraction, Fraction, BinaryFloat, Float, SmallDouble, ScaledDecimal), Date and Time.
! Mixed arithmetic: a primitive fails when its argument is of another kind and
! the fallback coerces by generality (Integer 10 < Fraction 20 < ScaledDecimal 30
! < BinaryFloat 40) and retries the operation.
set compile_env: 0

doit
Object subclass: 'Magnitude'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Magnitude comment: 'Magnitude is the abstract class of objects that can be compared and ordered. Subclasses define < and =; the other comparisons, between:and:, max: and min: follow from them.'
%
doit
Magnitude category: 'Kernel-Magnitudes'
%

doit
Magnitude subclass: 'Character'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Character comment: 'A Character is one Unicode code point. Characters are immediate objects created by the virtual machine: equal characters are identical. $a prints as $a.'
%
doit
Character category: 'Kernel-Magnitudes'
%

doit
Magnitude subclass: 'Number'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Number comment: 'Number is the abstract class of all numbers. It implements arithmetic, comparison, rounding, iteration (to:do:, timesRepeat:) and coercion between the kinds of number in terms of a few operations each subclass provides.'
%
doit
Number category: 'Kernel-Numbers'
%

doit
Number subclass: 'Integer'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Integer comment: 'Integer is the abstract class of exact whole numbers. Arithmetic on any two Integers is done by the virtual machine, which answers a SmallInteger when the result fits in one and a LargeInteger otherwise.'
%
doit
Integer category: 'Kernel-Numbers'
%

doit
Integer subclass: 'SmallInteger'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
SmallInteger comment: 'A SmallInteger is an immediate integer between -2^60 and 2^60 - 1.'
%
doit
SmallInteger category: 'Kernel-Numbers'
%

doit
Integer byteSubclass: 'LargeInteger'
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
LargeInteger comment: 'A LargeInteger is an integer outside the SmallInteger range, of any size. Its representation belongs to the virtual machine; all arithmetic is inherited from Integer.'
%
doit
LargeInteger category: 'Kernel-Numbers'
%

doit
Number subclass: 'AbstractFraction'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
AbstractFraction comment: 'AbstractFraction is the superclass of GemStone''s exact fractions; here its only subclass is Fraction.'
%
doit
AbstractFraction category: 'Kernel-Numbers'
%

doit
AbstractFraction subclass: 'Fraction'
  instVarNames: #( numerator denominator)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Fraction comment: 'A Fraction is an exact rational number numerator/denominator, kept in lowest terms with a positive denominator. Arithmetic that yields a whole number answers an Integer. (3/4) prints as 3/4.'
%
doit
Fraction category: 'Kernel-Numbers'
%

doit
Number subclass: 'BinaryFloat'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
BinaryFloat comment: 'BinaryFloat is the abstract class of IEEE 754 double-precision numbers. The arithmetic, comparison, truncation, elementary functions and printing are primitives.'
%
doit
BinaryFloat category: 'Kernel-Numbers'
%

doit
BinaryFloat byteSubclass: 'Float'
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Float comment: 'A Float is an IEEE 754 double held in eight bytes. Float literals and float results that a SmallDouble cannot hold are Floats.'
%
doit
Float category: 'Kernel-Numbers'
%

doit
BinaryFloat subclass: 'SmallDouble'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
SmallDouble comment: 'A SmallDouble is an immediate double with a reduced exponent range. The virtual machine may answer one wherever a Float would do; both behave identically.'
%
doit
SmallDouble category: 'Kernel-Numbers'
%

doit
Number subclass: 'ScaledDecimal'
  instVarNames: #( mantissa scale)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ScaledDecimal comment: 'A ScaledDecimal is an exact decimal number with a fixed count of digits after the point: its value is mantissa / (10 raisedTo: scale). The literal 1.23s2 has mantissa 123 and scale 2 and prints as 1.23s2. Results take the larger scale of the operands and are rounded to it.'
%
doit
ScaledDecimal category: 'Kernel-Numbers'
%

doit
Magnitude subclass: 'Date'
  instVarNames: #( year dayOfYear)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Date comment: 'A Date is a day of the Gregorian calendar, held as a year and a day of that year (1 = January 1). Dates print as month/day/year, e.g. 11/30/2026. Date today uses UTC.'
%
doit
Date category: 'Kernel-Magnitudes'
%

doit
Magnitude subclass: 'Time'
  instVarNames: #( milliseconds)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Time comment: 'A Time is a time of day, held as milliseconds since midnight. Times print as hh:mm:ss. Time now uses UTC. The class side also measures elapsed time (millisecondClockValue, millisecondsToRun:).'
%
doit
Time category: 'Kernel-Magnitudes'
%

! ------------------------------------------------------------------ Magnitude
removeallmethods Magnitude
removeallclassmethods Magnitude

category: 'comparing'
method: Magnitude
< aMagnitude
  ^self subclassResponsibility
%
category: 'comparing'
method: Magnitude
> aMagnitude
  ^aMagnitude < self
%
category: 'comparing'
method: Magnitude
<= aMagnitude
  ^(aMagnitude < self) not
%
category: 'comparing'
method: Magnitude
>= aMagnitude
  ^(self < aMagnitude) not
%
category: 'comparing'
method: Magnitude
between: min and: max
  "Answer whether the receiver is at least min and at most max."
  ^min <= self and: [self <= max]
%
category: 'comparing'
method: Magnitude
max: aMagnitude
  ^self > aMagnitude ifTrue: [self] ifFalse: [aMagnitude]
%
category: 'comparing'
method: Magnitude
min: aMagnitude
  ^self < aMagnitude ifTrue: [self] ifFalse: [aMagnitude]
%

! ------------------------------------------------------------------ Character
removeallmethods Character
removeallclassmethods Character

category: 'accessing'
method: Character
asInteger
  "Answer the receiver's Unicode code point."
  <primitive: 70>
  ^self primitiveFailed: #asInteger
%
category: 'accessing'
method: Character
codePoint
  ^self asInteger
%
category: 'accessing'
method: Character
value
  ^self asInteger
%
category: 'accessing'
method: Character
digitValue
  "Answer 0-9 for $0-$9 and 10-35 for $A-$Z or $a-$z; -1 for anything else."
  | v |
  v := self asInteger.
  (v between: 48 and: 57) ifTrue: [^v - 48].
  (v between: 65 and: 90) ifTrue: [^v - 55].
  (v between: 97 and: 122) ifTrue: [^v - 87].
  ^-1
%
category: 'accessing'
method: Character
digitValueInRadix: radix
  "Answer the digit value of the receiver in radix, or nil when it is not a digit of that radix."
  | v |
  v := self digitValue.
  (v between: 0 and: radix - 1) ifFalse: [^nil].
  ^v
%
category: 'comparing'
method: Character
isEquivalent: aCharacter
  "Answer whether the receiver and aCharacter are the same letter ignoring case."
  ^(aCharacter isKindOf: Character) and: [self asLowercase = aCharacter asLowercase]
%
category: 'comparing'
method: Character
< aCharacter
  ^self asInteger < aCharacter asInteger
%
category: 'comparing'
method: Character
= anObject
  ^self == anObject
    or: [(anObject isKindOf: Character) and: [self asInteger = anObject asInteger]]
%
category: 'comparing'
method: Character
hash
  ^self asInteger
%
category: 'testing'
method: Character
isCharacter
  ^true
%
category: 'testing'
method: Character
isVowel
  "Answer whether the receiver is one of a e i o u, in either case."
  ^'aeiouAEIOU' includes: self
%
category: 'testing'
method: Character
isLetter
  "Answer whether the receiver is a letter (Unicode's Alphabetic property)."
  <primitive: 155>
  ^self isUppercase or: [self isLowercase]
%
category: 'testing'
method: Character
isUppercase
  "Answer whether the receiver is an uppercase letter (Unicode's Uppercase property)."
  <primitive: 153>
  | v |
  v := self asInteger.
  ^(v between: 65 and: 90) or: [(v between: 192 and: 222) and: [v ~= 215]]
%
category: 'testing'
method: Character
isLowercase
  "Answer whether the receiver is a lowercase letter (Unicode's Lowercase property)."
  <primitive: 154>
  | v |
  v := self asInteger.
  ^(v between: 97 and: 122) or: [(v between: 223 and: 255) and: [v ~= 247]]
%
category: 'testing'
method: Character
isDigit
  ^self asInteger between: 48 and: 57
%
category: 'testing'
method: Character
isAlphaNumeric
  ^self isLetter or: [self isDigit]
%
category: 'testing'
method: Character
isSeparator
  "Answer whether the receiver is a space, tab, line feed, form feed or carriage return."
  | v |
  v := self asInteger.
  ^v = 32 or: [v = 9 or: [v = 10 or: [v = 12 or: [v = 13]]]]
%
category: 'testing'
method: Character
isPunctuation
  ^'.,:;!?' includes: self
%
category: 'converting'
method: Character
asUppercase
  "Answer the receiver's uppercase form: Unicode's simple mapping, one character for one, so a letter whose uppercase is several characters (the German sharp s) answers itself."
  <primitive: 151>
  | v |
  v := self asInteger.
  ^((v between: 97 and: 122) or: [(v between: 224 and: 254) and: [v ~= 247]])
    ifTrue: [Character value: v - 32]
    ifFalse: [self]
%
category: 'converting'
method: Character
asLowercase
  "Answer the receiver's lowercase form: Unicode's simple mapping, one character for one."
  <primitive: 152>
  ^self isUppercase
    ifTrue: [Character value: self asInteger + 32]
    ifFalse: [self]
%
category: 'converting'
method: Character
asCharacter
  ^self
%
category: 'converting'
method: Character
asString
  ^String with: self
%
category: 'converting'
method: Character
asSymbol
  ^(String with: self) asSymbol
%
category: 'printing'
method: Character
printOn: aStream
  aStream nextPut: $$; nextPut: self
%
category: 'printing'
method: Character
displayOn: aStream
  aStream nextPut: self
%
category: 'copying'
method: Character
shallowCopy
  ^self
%
category: 'copying'
method: Character
deepCopy
  ^self
%
category: 'instance creation'
classmethod: Character
value: anInteger
  "Answer the Character whose code point is anInteger (0 to 16r10FFFF)."
  <primitive: 71>
  ^ArgumentTypeError new signal: 'not a Unicode code point: ', anInteger printString
%
category: 'instance creation'
classmethod: Character
codePoint: anInteger
  ^self value: anInteger
%
category: 'instance creation'
classmethod: Character
withValue: anInteger
  "Answer the Character whose code point is anInteger, as value: and codePoint: do."
  ^self value: anInteger
%
category: 'instance creation'
classmethod: Character
digitValue: anInteger
  "Answer the Character for a digit 0-35: 0-9 then A-Z."
  ^'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ' at: anInteger + 1
%
category: 'instance creation'
classmethod: Character
new
  ^self shouldNotImplement
%
category: 'constants'
classmethod: Character
space
  ^self value: 32
%
category: 'constants'
classmethod: Character
tab
  ^self value: 9
%
category: 'constants'
classmethod: Character
lf
  ^self value: 10
%
category: 'constants'
classmethod: Character
nl
  "Answer the line terminator (line feed)."
  ^self value: 10
%
category: 'constants'
classmethod: Character
cr
  ^self value: 13
%
category: 'constants'
classmethod: Character
newPage
  ^self value: 12
%
category: 'constants'
classmethod: Character
esc
  ^self value: 27
%
category: 'constants'
classmethod: Character
null
  ^self value: 0
%

! ------------------------------------------------------------------ Number
removeallmethods Number
removeallclassmethods Number

category: 'arithmetic'
method: Number
+ aNumber
  ^self subclassResponsibility
%
category: 'arithmetic'
method: Number
- aNumber
  ^self subclassResponsibility
%
category: 'arithmetic'
method: Number
* aNumber
  ^self subclassResponsibility
%
category: 'arithmetic'
method: Number
/ aNumber
  ^self subclassResponsibility
%
category: 'arithmetic'
method: Number
// aNumber
  "Answer the integer quotient rounded toward negative infinity."
  aNumber = 0 ifTrue: [^ZeroDivide new dividend: self; signal].
  ^(self / aNumber) floor
%
category: 'arithmetic'
method: Number
\\ aNumber
  "Answer the remainder of // : it has the sign of aNumber."
  ^self - (self // aNumber * aNumber)
%
category: 'arithmetic'
method: Number
quo: aNumber
  "Answer the integer quotient truncated toward zero."
  aNumber = 0 ifTrue: [^ZeroDivide new dividend: self; signal].
  ^(self / aNumber) truncated
%
category: 'arithmetic'
method: Number
rem: aNumber
  "Answer the remainder of quo: : it has the sign of the receiver."
  ^self - ((self quo: aNumber) * aNumber)
%
category: 'arithmetic'
method: Number
abs
  ^self negative ifTrue: [self negated] ifFalse: [self]
%
category: 'arithmetic'
method: Number
negated
  ^0 - self
%
category: 'arithmetic'
method: Number
reciprocal
  ^1 / self
%
category: 'arithmetic'
method: Number
squared
  ^self * self
%
category: 'mathematical functions'
method: Number
sqrt
  ^self asFloat sqrt
%
category: 'mathematical functions'
method: Number
ln
  ^self asFloat ln
%
category: 'mathematical functions'
method: Number
log: aNumber
  "Answer the logarithm of the receiver in base aNumber."
  ^self ln / aNumber ln
%
category: 'mathematical functions'
method: Number
exp
  ^self asFloat exp
%
category: 'mathematical functions'
method: Number
sin
  ^self asFloat sin
%
category: 'mathematical functions'
method: Number
cos
  ^self asFloat cos
%
category: 'mathematical functions'
method: Number
arcTan
  ^self asFloat arcTan
%
category: 'mathematical functions'
method: Number
raisedTo: aNumber
  "Answer the receiver to the power aNumber: exact for an Integer exponent, a Float otherwise."
  aNumber isInteger ifTrue: [^self raisedToInteger: aNumber].
  aNumber = 0 ifTrue: [^self unity].
  self = 0 ifTrue: [^self zero].
  ^(aNumber * self ln) exp
%
category: 'mathematical functions'
method: Number
raisedToInteger: anInteger
  "Answer the receiver to the power anInteger by repeated squaring."
  | result base n |
  anInteger < 0 ifTrue: [^(self raisedToInteger: anInteger negated) reciprocal].
  result := self unity.
  base := self.
  n := anInteger.
  [n > 0] whileTrue: [
    n odd ifTrue: [result := result * base].
    n := n // 2.
    n > 0 ifTrue: [base := base * base]].
  ^result
%
category: 'testing'
method: Number
isNumber
  ^true
%
category: 'testing'
method: Number
isZero
  ^self = 0
%
category: 'testing'
method: Number
negative
  ^self < 0
%
category: 'testing'
method: Number
positive
  "Answer whether the receiver is greater than or equal to zero."
  ^self >= 0
%
category: 'testing'
method: Number
strictlyPositive
  ^self > 0
%
category: 'testing'
method: Number
sign
  "Answer 1, 0 or -1 as the receiver is positive, zero or negative."
  self > 0 ifTrue: [^1].
  self < 0 ifTrue: [^-1].
  ^0
%
category: 'testing'
method: Number
even
  ^(self \\ 2) = 0
%
category: 'testing'
method: Number
odd
  ^self even not
%
category: 'truncation and rounding'
method: Number
truncated
  ^self subclassResponsibility
%
category: 'truncation and rounding'
method: Number
floor
  "Answer the largest Integer less than or equal to the receiver."
  | t |
  t := self truncated.
  (self < 0 and: [self ~= t]) ifTrue: [^t - 1].
  ^t
%
category: 'truncation and rounding'
method: Number
ceiling
  "Answer the smallest Integer greater than or equal to the receiver."
  | t |
  t := self truncated.
  (self > 0 and: [self ~= t]) ifTrue: [^t + 1].
  ^t
%
category: 'truncation and rounding'
method: Number
rounded
  "Answer the nearest Integer; halves round away from zero."
  ^(self + (self sign / 2)) truncated
%
category: 'truncation and rounding'
method: Number
roundTo: aNumber
  ^(self / aNumber) rounded * aNumber
%
category: 'truncation and rounding'
method: Number
truncateTo: aNumber
  ^(self quo: aNumber) * aNumber
%
category: 'truncation and rounding'
method: Number
fractionPart
  ^self - self truncated
%
category: 'truncation and rounding'
method: Number
integerPart
  ^self truncated
%
category: 'converting'
method: Number
asInteger
  ^self truncated
%
category: 'converting'
method: Number
asFloat
  ^self subclassResponsibility
%
category: 'converting'
method: Number
asNumber
  ^self
%
category: 'converting'
method: Number
asScaledDecimal: anInteger
  "Answer a ScaledDecimal with anInteger digits after the point, rounded."
  ^ScaledDecimal fromNumber: self scale: anInteger
%
category: 'converting'
method: Number
degreesToRadians
  ^self asFloat * 3.141592653589793 / 180
%
category: 'coercion'
method: Number
generality
  ^self subclassResponsibility
%
category: 'coercion'
method: Number
coerce: aNumber
  "Answer aNumber converted to the receiver's kind."
  ^self subclassResponsibility
%
category: 'coercion'
method: Number
unity
  ^self coerce: 1
%
category: 'coercion'
method: Number
zero
  ^self coerce: 0
%
category: 'coercion'
method: Number
retry: aSelector coercing: aNumber
  "Convert whichever of the receiver and aNumber has the lower generality to the other's kind and send aSelector again."
  | mine theirs |
  (aNumber isKindOf: Number) ifFalse: [
    aSelector == #= ifTrue: [^false].
    aSelector == #~= ifTrue: [^true].
    ^ArgumentTypeError new signal: aNumber printString, ' is not a Number; it cannot be an argument of ', aSelector].
  mine := self generality.
  theirs := aNumber generality.
  mine > theirs ifTrue: [^self perform: aSelector with: (self coerce: aNumber)].
  theirs > mine ifTrue: [^(aNumber coerce: self) perform: aSelector with: aNumber].
  "Two Integers whose primitive failed: its result is past the size limit."
  ((self isKindOf: Integer) and: [aNumber isKindOf: Integer])
    ifTrue: [^self _tooLarge: aSelector].
  ^self primitiveFailed: aSelector
%
category: 'iterating'
method: Number
to: stop
  "Answer an Interval from the receiver to stop by 1."
  ^Interval from: self to: stop
%
category: 'iterating'
method: Number
to: stop by: step
  ^Interval from: self to: stop by: step
%
category: 'iterating'
method: Number
to: stop do: aBlock
  "Evaluate aBlock with each number from the receiver up to stop, by 1."
  | i |
  i := self.
  [i <= stop] whileTrue: [aBlock value: i. i := i + 1].
  ^self
%
category: 'iterating'
method: Number
to: stop by: step do: aBlock
  "Evaluate aBlock with each number from the receiver to stop, stepping by step (which must not be zero)."
  | i |
  step = 0 ifTrue: [^self error: 'to:by:do: step must not be zero'].
  i := self.
  step > 0
    ifTrue: [[i <= stop] whileTrue: [aBlock value: i. i := i + step]]
    ifFalse: [[i >= stop] whileTrue: [aBlock value: i. i := i + step]].
  ^self
%
category: 'iterating'
method: Number
to: stop reverseDo: aBlock
  | i |
  i := stop.
  [i >= self] whileTrue: [aBlock value: i. i := i - 1].
  ^self
%
category: 'printing'
method: Number
printOn: aStream
  aStream nextPutAll: self printString
%
category: 'printing'
method: Number
printString
  ^self subclassResponsibility
%
category: 'printing'
method: Number
displayOn: aStream
  self printOn: aStream
%
category: 'instance creation'
classmethod: Number
fromString: aString
  "Answer the Number aString denotes (see CharacterCollection>>asNumber); signal ArgumentTypeError when it denotes none."
  | n |
  n := aString asNumber.
  n == nil ifTrue: [^ArgumentTypeError new signal: aString printString, ' is not a number'].
  ^n
%
category: 'copying'
method: Number
shallowCopy
  "Numbers are immutable values; copying answers the receiver."
  ^self
%
category: 'copying'
method: Number
deepCopy
  ^self
%

! ------------------------------------------------------------------ Integer
removeallmethods Integer
removeallclassmethods Integer

category: 'arithmetic'
method: Integer
+ aNumber
  <primitive: 30>
  ^self retry: #+ coercing: aNumber
%
category: 'arithmetic'
method: Integer
- aNumber
  <primitive: 31>
  ^self retry: #- coercing: aNumber
%
category: 'arithmetic'
method: Integer
* aNumber
  <primitive: 32>
  ^self retry: #* coercing: aNumber
%
category: 'arithmetic'
method: Integer
/ aNumber
  "Answer the exact quotient: an Integer when aNumber divides the receiver, otherwise a Fraction."
  aNumber isInteger ifTrue: [
    aNumber = 0 ifTrue: [^ZeroDivide new dividend: self; signal].
    ^Fraction numerator: self denominator: aNumber].
  ^self retry: #/ coercing: aNumber
%
category: 'arithmetic'
method: Integer
// aNumber
  "Answer the quotient rounded toward negative infinity."
  <primitive: 33>
  aNumber = 0 ifTrue: [^ZeroDivide new dividend: self; signal].
  ^super // aNumber
%
category: 'arithmetic'
method: Integer
\\ aNumber
  "Answer the modulo: the remainder of // , with the sign of aNumber."
  <primitive: 34>
  aNumber = 0 ifTrue: [^ZeroDivide new dividend: self; signal].
  ^super \\ aNumber
%
category: 'arithmetic'
method: Integer
quo: aNumber
  "Answer the quotient truncated toward zero."
  <primitive: 35>
  aNumber = 0 ifTrue: [^ZeroDivide new dividend: self; signal].
  ^super quo: aNumber
%
category: 'arithmetic'
method: Integer
rem: aNumber
  "Answer the remainder of quo: , with the sign of the receiver."
  <primitive: 36>
  aNumber = 0 ifTrue: [^ZeroDivide new dividend: self; signal].
  ^super rem: aNumber
%
category: 'arithmetic'
method: Integer
gcd: anInteger
  "Answer the greatest common divisor (never negative)."
  | a b t |
  a := self abs.
  b := anInteger abs.
  [b = 0] whileFalse: [t := a \\ b. a := b. b := t].
  ^a
%
category: 'arithmetic'
method: Integer
lcm: anInteger
  "Answer the least common multiple (never negative)."
  | g |
  g := self gcd: anInteger.
  g = 0 ifTrue: [^0].
  ^(self // g * anInteger) abs
%
category: 'comparing'
method: Integer
< aNumber
  <primitive: 37>
  ^self retry: #< coercing: aNumber
%
category: 'comparing'
method: Integer
> aNumber
  <primitive: 38>
  ^self retry: #> coercing: aNumber
%
category: 'comparing'
method: Integer
<= aNumber
  <primitive: 39>
  ^self retry: #<= coercing: aNumber
%
category: 'comparing'
method: Integer
>= aNumber
  <primitive: 40>
  ^self retry: #>= coercing: aNumber
%
category: 'comparing'
method: Integer
= aNumber
  <primitive: 41>
  ^self retry: #= coercing: aNumber
%
category: 'comparing'
method: Integer
~= aNumber
  <primitive: 42>
  ^self retry: #~= coercing: aNumber
%
category: 'comparing'
method: Integer
hash
  "Hash on the value, reduced into the SmallInteger range; an integral Float hashes the same way."
  ^self \\ 1152921504606846975
%
category: 'bit manipulation'
method: Integer
bitAnd: anInteger
  "Answer the bitwise and, treating negative integers as two's complement of unbounded width."
  <primitive: 43>
  ^ArgumentTypeError new signal: 'bitAnd: expects an Integer, not ', anInteger printString
%
category: 'bit manipulation'
method: Integer
bitOr: anInteger
  <primitive: 44>
  ^ArgumentTypeError new signal: 'bitOr: expects an Integer, not ', anInteger printString
%
category: 'bit manipulation'
method: Integer
bitXor: anInteger
  <primitive: 45>
  ^ArgumentTypeError new signal: 'bitXor: expects an Integer, not ', anInteger printString
%
category: 'bit manipulation'
method: Integer
bitShift: anInteger
  "Shift left by anInteger bits, or right (toward negative infinity) when anInteger is negative."
  <primitive: 46>
  (anInteger isKindOf: SmallInteger)
    ifTrue: [^self _tooLarge: #bitShift:].
  ^ArgumentTypeError new signal: 'bitShift: expects a SmallInteger, not ', anInteger printString
%
category: 'private'
method: Integer
_tooLarge: aSelector
  "Signal that the result of aSelector would be an Integer past the largest this image makes (the primitives' size limit, 2^20 bits)."
  ^Error new signal: 'the result of ', aSelector, ' would be an Integer of more than 2^20 bits (about 315,000 digits), the largest this image makes'
%
category: 'bit manipulation'
method: Integer
bitAt: index
  "Answer the bit (0 or 1) at index, 1 being the least significant."
  ^(self bitShift: 1 - index) bitAnd: 1
%
category: 'bit manipulation'
method: Integer
bitInvert
  ^-1 - self
%
category: 'bit manipulation'
method: Integer
highBit
  "Answer the index of the most significant 1 bit of a non-negative receiver; 0 for 0."
  | n count |
  self < 0 ifTrue: [^self error: 'highBit is not defined for negative integers'].
  n := self.
  count := 0.
  [n > 0] whileTrue: [n := n bitShift: -1. count := count + 1].
  ^count
%
category: 'testing'
method: Integer
isInteger
  ^true
%
category: 'testing'
method: Integer
even
  ^(self bitAnd: 1) = 0
%
category: 'testing'
method: Integer
isPrime
  "Answer whether the receiver is a prime number, by trial division."
  | d |
  self < 2 ifTrue: [^false].
  self < 4 ifTrue: [^true].
  self even ifTrue: [^false].
  d := 3.
  [d * d <= self] whileTrue: [
    (self \\ d) = 0 ifTrue: [^false].
    d := d + 2].
  ^true
%
category: 'mathematical functions'
method: Integer
factorial
  "Answer the product of the integers from 1 to the receiver."
  | result |
  self < 0 ifTrue: [^self error: 'factorial is not defined for negative integers'].
  result := 1.
  2 to: self do: [:i | result := result * i].
  ^result
%
category: 'mathematical functions'
method: Integer
sqrtFloor
  "Answer the largest Integer whose square is at most the receiver."
  | x y |
  self < 0 ifTrue: [^self error: 'sqrtFloor of a negative integer'].
  self < 2 ifTrue: [^self].
  x := self.
  y := (x + 1) // 2.
  [y < x] whileTrue: [x := y. y := (x + (self // x)) // 2].
  ^x
%
category: 'truncation and rounding'
method: Integer
truncated
  ^self
%
category: 'truncation and rounding'
method: Integer
rounded
  ^self
%
category: 'truncation and rounding'
method: Integer
floor
  ^self
%
category: 'truncation and rounding'
method: Integer
ceiling
  ^self
%
category: 'converting'
method: Integer
asFloat
  "Answer the nearest Float."
  <primitive: 47>
  ^self primitiveFailed: #asFloat
%
category: 'converting'
method: Integer
asCharacter
  ^Character value: self
%
category: 'converting'
method: Integer
numerator
  ^self
%
category: 'converting'
method: Integer
denominator
  ^1
%
category: 'coercion'
method: Integer
generality
  ^10
%
category: 'coercion'
method: Integer
coerce: aNumber
  ^aNumber truncated
%
category: 'iterating'
method: Integer
timesRepeat: aBlock
  "Evaluate aBlock as many times as the receiver says."
  | count |
  count := 1.
  [count <= self] whileTrue: [aBlock value. count := count + 1].
  ^self
%
category: 'printing'
method: Integer
printString
  ^self printString: 10
%
category: 'printing'
method: Integer
printOn: aStream
  aStream nextPutAll: (self printString: 10)
%
category: 'printing'
method: Integer
printString: base
  "Answer the digits of the receiver in base (2 to 36), with a leading minus sign when negative and no radix prefix: (255 printString: 16) = 'FF'."
  | digits n stream |
  (base isInteger and: [base between: 2 and: 36])
    ifFalse: [^ArgumentTypeError new signal: 'a radix must be an Integer from 2 to 36, not ', base printString].
  self = 0 ifTrue: [^'0'].
  digits := OrderedCollection new.
  n := self abs.
  [n > 0] whileTrue: [
    digits addFirst: (Character digitValue: n \\ base).
    n := n // base].
  stream := WriteStream on: (String new: digits size + 1).
  self < 0 ifTrue: [stream nextPut: $-].
  digits do: [:c | stream nextPut: c].
  ^stream contents
%
category: 'printing'
method: Integer
printOn: aStream base: base
  "Write the digits of the receiver in base to aStream, as printString: does."
  aStream nextPutAll: (self printString: base)
%
category: 'printing'
method: Integer
printOn: aStream base: base showRadix: aBoolean
  "Write the receiver in base to aStream: with its radix prefix as printStringRadix: answers it (-16rFF) when aBoolean is true, the digits alone as printString: answers them (FF) otherwise."
  aStream nextPutAll: (aBoolean == true ifTrue: [self printStringRadix: base] ifFalse: [self printString: base])
%
category: 'printing'
method: Integer
printStringRadix: base
  "Answer the receiver in base with a radix prefix: (255 printStringRadix: 16) = '16rFF'."
  self < 0 ifTrue: [^'-', base printString, 'r', (self negated printString: base)].
  ^base printString, 'r', (self printString: base)
%
category: 'printing'
method: Integer
printPaddedWith: aCharacter to: width
  "Answer the decimal digits padded on the left with aCharacter to at least width characters."
  | s |
  s := self printString.
  s size >= width ifTrue: [^s].
  ^(String new: width - s size withAll: aCharacter), s
%
category: 'instance creation'
classmethod: Integer
new
  ^self shouldNotImplement
%
category: 'instance creation'
classmethod: Integer
fromHexString: aString
  "Answer the non-negative Integer whose hexadecimal digits (0-9, A-F in either case) are aString: (Integer fromHexString: 'FF') = 255. Signal an ArgumentError when aString is empty or holds anything else."
  | value digit |
  aString isEmpty ifTrue: [^ArgumentError new signal: 'no hexadecimal digits to read an Integer from'].
  value := 0.
  aString do: [:c |
    digit := c digitValueInRadix: 16.
    digit == nil ifTrue: [^ArgumentError new signal: 'not a hexadecimal digit: ', c printString, ' in ', aString printString].
    value := value * 16 + digit].
  ^value
%
category: 'instance creation'
classmethod: Integer
readFrom: aStringOrStream
  "Answer the Integer whose decimal digits (optionally signed) begin the argument."
  | stream negative value digit |
  stream := aStringOrStream isString ifTrue: [ReadStream on: aStringOrStream] ifFalse: [aStringOrStream].
  [stream atEnd not and: [stream peek isSeparator]] whileTrue: [stream next].
  negative := stream peekFor: $-.
  (stream atEnd or: [stream peek isDigit not])
    ifTrue: [^ArgumentTypeError new signal: 'no digits to read an Integer from'].
  value := 0.
  [stream atEnd not and: [(digit := stream peek digitValue) between: 0 and: 9]]
    whileTrue: [value := value * 10 + digit. stream next].
  ^negative ifTrue: [value negated] ifFalse: [value]
%

! ------------------------------------------------------------------ SmallInteger
removeallmethods SmallInteger
removeallclassmethods SmallInteger

category: 'comparing'
method: SmallInteger
identityHash
  ^self
%
category: 'comparing'
method: SmallInteger
hash
  ^self
%
category: 'constants'
classmethod: SmallInteger
maxVal
  "Answer the largest SmallInteger, 2^60 - 1."
  ^1152921504606846975
%
category: 'constants'
classmethod: SmallInteger
minVal
  "Answer the smallest SmallInteger, -2^60."
  ^-1152921504606846976
%
category: 'constants'
classmethod: SmallInteger
maximumValue
  "Answer the largest SmallInteger, 2^60 - 1: larger Integers are LargeIntegers."
  ^self maxVal
%
category: 'constants'
classmethod: SmallInteger
minimumValue
  "Answer the smallest SmallInteger, -2^60."
  ^self minVal
%

! ------------------------------------------------------------------ LargeInteger
removeallmethods LargeInteger
removeallclassmethods LargeInteger

category: 'testing'
method: LargeInteger
isLarge
  ^true
%

! ------------------------------------------------------------------ Fraction
removeallmethods Fraction
removeallclassmethods Fraction

category: 'accessing'
method: Fraction
numerator
  ^numerator
%
category: 'accessing'
method: Fraction
denominator
  ^denominator
%
category: 'private'
method: Fraction
setNumerator: n denominator: d
  numerator := n.
  denominator := d
%
category: 'arithmetic'
method: Fraction
+ aNumber
  (aNumber isKindOf: Fraction) | aNumber isInteger ifFalse: [^self retry: #+ coercing: aNumber].
  ^Fraction
    numerator: numerator * aNumber denominator + (aNumber numerator * denominator)
    denominator: denominator * aNumber denominator
%
category: 'arithmetic'
method: Fraction
- aNumber
  (aNumber isKindOf: Fraction) | aNumber isInteger ifFalse: [^self retry: #- coercing: aNumber].
  ^Fraction
    numerator: numerator * aNumber denominator - (aNumber numerator * denominator)
    denominator: denominator * aNumber denominator
%
category: 'arithmetic'
method: Fraction
* aNumber
  (aNumber isKindOf: Fraction) | aNumber isInteger ifFalse: [^self retry: #* coercing: aNumber].
  ^Fraction
    numerator: numerator * aNumber numerator
    denominator: denominator * aNumber denominator
%
category: 'arithmetic'
method: Fraction
/ aNumber
  (aNumber isKindOf: Fraction) | aNumber isInteger ifFalse: [^self retry: #/ coercing: aNumber].
  aNumber = 0 ifTrue: [^ZeroDivide new dividend: self; signal].
  ^Fraction
    numerator: numerator * aNumber denominator
    denominator: denominator * aNumber numerator
%
category: 'arithmetic'
method: Fraction
negated
  ^Fraction numerator: numerator negated denominator: denominator
%
category: 'arithmetic'
method: Fraction
reciprocal
  numerator = 0 ifTrue: [^ZeroDivide new dividend: 1; signal].
  ^Fraction numerator: denominator denominator: numerator
%
category: 'comparing'
method: Fraction
< aNumber
  (aNumber isKindOf: Fraction) | aNumber isInteger ifFalse: [^self retry: #< coercing: aNumber].
  ^numerator * aNumber denominator < (aNumber numerator * denominator)
%
category: 'comparing'
method: Fraction
= aNumber
  (aNumber isKindOf: Number) ifFalse: [^false].
  (aNumber isKindOf: Fraction) | aNumber isInteger ifFalse: [^self retry: #= coercing: aNumber].
  ^numerator = aNumber numerator and: [denominator = aNumber denominator]
%
category: 'comparing'
method: Fraction
hash
  ^numerator hash bitXor: denominator hash
%
category: 'truncation and rounding'
method: Fraction
truncated
  ^numerator quo: denominator
%
category: 'converting'
method: Fraction
asFloat
  ^numerator asFloat / denominator asFloat
%
category: 'coercion'
method: Fraction
generality
  ^20
%
category: 'coercion'
method: Fraction
coerce: aNumber
  aNumber isInteger ifTrue: [^Fraction basicNew setNumerator: aNumber denominator: 1].
  ^aNumber asExactFraction
%
category: 'printing'
method: Fraction
printString
  ^numerator printString, '/', denominator printString
%
category: 'instance creation'
classmethod: Fraction
numerator: n denominator: d
  "Answer n/d in lowest terms with a positive denominator: an Integer when d divides n."
  | g num den |
  d = 0 ifTrue: [^ZeroDivide new dividend: n; signal].
  g := n gcd: d.
  num := n // g.
  den := d // g.
  den < 0 ifTrue: [num := num negated. den := den negated].
  den = 1 ifTrue: [^num].
  ^self basicNew setNumerator: num denominator: den
%

! ------------------------------------------------------------------ BinaryFloat
removeallmethods BinaryFloat
removeallclassmethods BinaryFloat

category: 'arithmetic'
method: BinaryFloat
+ aNumber
  <primitive: 50>
  ^self retry: #+ coercing: aNumber
%
category: 'arithmetic'
method: BinaryFloat
- aNumber
  <primitive: 51>
  ^self retry: #- coercing: aNumber
%
category: 'arithmetic'
method: BinaryFloat
* aNumber
  <primitive: 52>
  ^self retry: #* coercing: aNumber
%
category: 'arithmetic'
method: BinaryFloat
/ aNumber
  <primitive: 53>
  aNumber = 0 ifTrue: [^ZeroDivide new dividend: self; signal].
  ^self retry: #/ coercing: aNumber
%
category: 'comparing'
method: BinaryFloat
< aNumber
  <primitive: 54>
  ^self retry: #< coercing: aNumber
%
category: 'comparing'
method: BinaryFloat
> aNumber
  <primitive: 55>
  ^self retry: #> coercing: aNumber
%
category: 'comparing'
method: BinaryFloat
<= aNumber
  <primitive: 56>
  ^self retry: #<= coercing: aNumber
%
category: 'comparing'
method: BinaryFloat
>= aNumber
  <primitive: 57>
  ^self retry: #>= coercing: aNumber
%
category: 'comparing'
method: BinaryFloat
= aNumber
  <primitive: 58>
  ^self retry: #= coercing: aNumber
%
category: 'comparing'
method: BinaryFloat
~= aNumber
  <primitive: 59>
  ^self retry: #~= coercing: aNumber
%
category: 'comparing'
method: BinaryFloat
hash
  "An integral Float equals the Integer of the same value, so it hashes like it."
  (self isFinite and: [self fractionPart = 0.0]) ifTrue: [^self truncated hash].
  ^(self * 1000003.0) truncated hash
%
category: 'testing'
method: BinaryFloat
isFloat
  ^true
%
category: 'testing'
method: BinaryFloat
isNaN
  "NaN is the only value not equal to itself."
  ^self ~= self
%
category: 'testing'
method: BinaryFloat
isInfinite
  ^self isNaN not and: [(self - self) isNaN]
%
category: 'testing'
method: BinaryFloat
isFinite
  ^(self - self) = 0.0
%
category: 'truncation and rounding'
method: BinaryFloat
truncated
  "Answer the Integer part of the receiver, rounded toward zero. Fails for NaN and infinities."
  <primitive: 60>
  ^ArgumentTypeError new signal: self printString, ' has no integer part'
%
category: 'truncation and rounding'
method: BinaryFloat
fractionPart
  ^self - self truncated asFloat
%
category: 'mathematical functions'
method: BinaryFloat
sqrt
  "Answer the square root; NaN for a negative receiver."
  <primitive: 61>
  ^self primitiveFailed: #sqrt
%
category: 'mathematical functions'
method: BinaryFloat
ln
  "Answer the natural logarithm; NaN for a negative receiver, MinusInfinity for zero."
  <primitive: 62>
  ^self primitiveFailed: #ln
%
category: 'mathematical functions'
method: BinaryFloat
exp
  <primitive: 63>
  ^self primitiveFailed: #exp
%
category: 'mathematical functions'
method: BinaryFloat
sin
  <primitive: 64>
  ^self primitiveFailed: #sin
%
category: 'mathematical functions'
method: BinaryFloat
cos
  <primitive: 65>
  ^self primitiveFailed: #cos
%
category: 'mathematical functions'
method: BinaryFloat
arcTan
  <primitive: 66>
  ^self primitiveFailed: #arcTan
%
category: 'mathematical functions'
method: BinaryFloat
tan
  ^self sin / self cos
%
category: 'converting'
method: BinaryFloat
asFloat
  ^self
%
category: 'converting'
method: BinaryFloat
asExactFraction
  "Answer the exact rational value of the receiver (an Integer or a Fraction)."
  | num den |
  self isFinite ifFalse: [^ArgumentTypeError new signal: self printString, ' has no exact value'].
  num := self.
  den := 1.
  [num fractionPart = 0.0] whileFalse: [num := num * 2.0. den := den * 2].
  ^Fraction numerator: num truncated denominator: den
%
category: 'converting'
method: BinaryFloat
asFraction
  ^self asExactFraction
%
category: 'coercion'
method: BinaryFloat
generality
  ^40
%
category: 'coercion'
method: BinaryFloat
coerce: aNumber
  ^aNumber asFloat
%
category: 'printing'
method: BinaryFloat
printString
  "Answer the shortest decimal that reads back as the receiver, e.g. 0.1, 2.5, 1.0e20, NaN, PlusInfinity."
  <primitive: 67>
  ^self primitiveFailed: #printString
%
category: 'printing'
method: BinaryFloat
printString: anInteger
  ^self printString
%
category: 'instance creation'
classmethod: BinaryFloat
fromString: aString
  "Answer the Float that aString denotes in Smalltalk or decimal notation (e.g. '1.5', '-2.0e3', '3'), or nil when it is not one."
  <primitive: 68>
  ^nil
%
category: 'instance creation'
classmethod: BinaryFloat
new
  ^self shouldNotImplement
%
category: 'constants'
classmethod: BinaryFloat
pi
  ^3.141592653589793
%
category: 'constants'
classmethod: BinaryFloat
e
  ^2.718281828459045
%
category: 'constants'
classmethod: BinaryFloat
infinity
  ^1.0e308 * 10.0
%
category: 'constants'
classmethod: BinaryFloat
nan
  ^self infinity - self infinity
%

! ------------------------------------------------------------------ ScaledDecimal
removeallmethods ScaledDecimal
removeallclassmethods ScaledDecimal

category: 'accessing'
method: ScaledDecimal
mantissa
  ^mantissa
%
category: 'accessing'
method: ScaledDecimal
scale
  ^scale
%
category: 'private'
method: ScaledDecimal
setMantissa: anInteger scale: scaleInteger
  mantissa := anInteger.
  scale := scaleInteger
%
category: 'converting'
method: ScaledDecimal
asExactFraction
  ^Fraction numerator: mantissa denominator: (10 raisedTo: scale)
%
category: 'converting'
method: ScaledDecimal
asFraction
  ^self asExactFraction
%
category: 'converting'
method: ScaledDecimal
asFloat
  ^mantissa asFloat / (10 raisedTo: scale) asFloat
%
category: 'truncation and rounding'
method: ScaledDecimal
truncated
  ^mantissa quo: (10 raisedTo: scale)
%
category: 'arithmetic'
method: ScaledDecimal
+ aNumber
  (aNumber isKindOf: ScaledDecimal) ifFalse: [^self retry: #+ coercing: aNumber].
  ^ScaledDecimal fromNumber: self asExactFraction + aNumber asExactFraction scale: (scale max: aNumber scale)
%
category: 'arithmetic'
method: ScaledDecimal
- aNumber
  (aNumber isKindOf: ScaledDecimal) ifFalse: [^self retry: #- coercing: aNumber].
  ^ScaledDecimal fromNumber: self asExactFraction - aNumber asExactFraction scale: (scale max: aNumber scale)
%
category: 'arithmetic'
method: ScaledDecimal
* aNumber
  (aNumber isKindOf: ScaledDecimal) ifFalse: [^self retry: #* coercing: aNumber].
  ^ScaledDecimal fromNumber: self asExactFraction * aNumber asExactFraction scale: (scale max: aNumber scale)
%
category: 'arithmetic'
method: ScaledDecimal
/ aNumber
  (aNumber isKindOf: ScaledDecimal) ifFalse: [^self retry: #/ coercing: aNumber].
  aNumber mantissa = 0 ifTrue: [^ZeroDivide new dividend: self; signal].
  ^ScaledDecimal fromNumber: self asExactFraction / aNumber asExactFraction scale: (scale max: aNumber scale)
%
category: 'arithmetic'
method: ScaledDecimal
negated
  ^ScaledDecimal mantissa: mantissa negated scale: scale
%
category: 'comparing'
method: ScaledDecimal
< aNumber
  (aNumber isKindOf: ScaledDecimal) ifFalse: [^self retry: #< coercing: aNumber].
  ^self asExactFraction < aNumber asExactFraction
%
category: 'comparing'
method: ScaledDecimal
= aNumber
  (aNumber isKindOf: Number) ifFalse: [^false].
  (aNumber isKindOf: ScaledDecimal) ifFalse: [^self retry: #= coercing: aNumber].
  ^self asExactFraction = aNumber asExactFraction
%
category: 'comparing'
method: ScaledDecimal
hash
  ^self asExactFraction hash
%
category: 'coercion'
method: ScaledDecimal
generality
  ^30
%
category: 'coercion'
method: ScaledDecimal
coerce: aNumber
  ^ScaledDecimal fromNumber: aNumber scale: scale
%
category: 'printing'
method: ScaledDecimal
printString
  "Answer e.g. '1.23s2': the digits, a point before the last scale digits, then s and the scale."
  | digits stream |
  digits := mantissa abs printString.
  digits size <= scale ifTrue: [
    digits := (String new: scale + 1 - digits size withAll: $0), digits].
  stream := WriteStream on: (String new: digits size + 6).
  mantissa < 0 ifTrue: [stream nextPut: $-].
  stream nextPutAll: (digits copyFrom: 1 to: digits size - scale).
  scale > 0 ifTrue: [
    stream nextPut: $.; nextPutAll: (digits copyFrom: digits size - scale + 1 to: digits size)].
  stream nextPut: $s; nextPutAll: scale printString.
  ^stream contents
%
category: 'instance creation'
classmethod: ScaledDecimal
mantissa: anInteger scale: scaleInteger
  ^self basicNew setMantissa: anInteger scale: scaleInteger
%
category: 'instance creation'
classmethod: ScaledDecimal
fromNumber: aNumber scale: scaleInteger
  "Answer aNumber as a ScaledDecimal with scaleInteger digits after the point, rounding halves away from zero."
  | exact |
  exact := (aNumber isKindOf: ScaledDecimal)
    ifTrue: [aNumber asExactFraction]
    ifFalse: [aNumber isInteger ifTrue: [aNumber] ifFalse: [aNumber asExactFraction]].
  ^self basicNew setMantissa: (exact * (10 raisedTo: scaleInteger)) rounded scale: scaleInteger
%

! ------------------------------------------------------------------ Fraction / Integer exact conversions
category: 'converting'
method: Integer
asExactFraction
  ^self
%
category: 'converting'
method: Fraction
asExactFraction
  ^self
%

! ------------------------------------------------------------------ Date
removeallmethods Date
removeallclassmethods Date

category: 'private'
method: Date
setYear: anInteger dayOfYear: dayInteger
  year := anInteger.
  dayOfYear := dayInteger
%
category: 'accessing'
method: Date
year
  ^year
%
category: 'accessing'
method: Date
dayOfYear
  ^dayOfYear
%
category: 'accessing'
method: Date
month
  "Answer the month, 1 to 12."
  | d m |
  d := dayOfYear.
  m := 1.
  [d > (Date daysInMonth: m forYear: year)] whileTrue: [
    d := d - (Date daysInMonth: m forYear: year).
    m := m + 1].
  ^m
%
category: 'accessing'
method: Date
day
  "Answer the day of the month, 1 to 31."
  | d m |
  d := dayOfYear.
  m := 1.
  [d > (Date daysInMonth: m forYear: year)] whileTrue: [
    d := d - (Date daysInMonth: m forYear: year).
    m := m + 1].
  ^d
%
category: 'accessing'
method: Date
dayOfMonth
  ^self day
%
category: 'accessing'
method: Date
monthName
  ^#('January' 'February' 'March' 'April' 'May' 'June' 'July' 'August' 'September' 'October' 'November' 'December') at: self month
%
category: 'accessing'
method: Date
dayOfWeek
  "Answer 1 for Sunday through 7 for Saturday."
  ^(self daysSinceEpoch + 4) \\ 7 + 1
%
category: 'accessing'
method: Date
dayOfWeekName
  ^#('Sunday' 'Monday' 'Tuesday' 'Wednesday' 'Thursday' 'Friday' 'Saturday') at: self dayOfWeek
%
category: 'accessing'
method: Date
daysSinceEpoch
  "Answer the number of days from January 1, 1970 to the receiver."
  | y days |
  y := year - 1.
  days := (y * 365) + (y // 4) - (y // 100) + (y // 400).
  ^days + dayOfYear - 719163
%
category: 'accessing'
method: Date
isLeapYear
  ^Date isLeapYear: year
%
category: 'arithmetic'
method: Date
addDays: anInteger
  ^Date fromDays: self daysSinceEpoch + anInteger
%
category: 'arithmetic'
method: Date
subtractDays: anInteger
  ^Date fromDays: self daysSinceEpoch - anInteger
%
category: 'arithmetic'
method: Date
subtractDate: aDate
  "Answer the number of days from aDate to the receiver."
  ^self daysSinceEpoch - aDate daysSinceEpoch
%
category: 'comparing'
method: Date
< aDate
  ^self daysSinceEpoch < aDate daysSinceEpoch
%
category: 'comparing'
method: Date
= anObject
  ^(anObject isKindOf: Date) and: [year = anObject year and: [dayOfYear = anObject dayOfYear]]
%
category: 'comparing'
method: Date
hash
  ^self daysSinceEpoch hash
%
category: 'printing'
method: Date
printOn: aStream
  aStream
    print: self month; nextPut: $/;
    print: self day; nextPut: $/;
    print: year
%
category: 'instance creation'
classmethod: Date
newDay: day month: month year: year
  "Answer the Date for day (1-31) of month (1-12) of year."
  | doy |
  (month between: 1 and: 12) ifFalse: [^ArgumentTypeError new signal: 'month must be 1 to 12, not ', month printString].
  (day between: 1 and: (self daysInMonth: month forYear: year))
    ifFalse: [^ArgumentTypeError new signal: 'day out of range for the month: ', day printString].
  doy := day.
  1 to: month - 1 do: [:m | doy := doy + (self daysInMonth: m forYear: year)].
  ^self basicNew setYear: year dayOfYear: doy
%
category: 'instance creation'
classmethod: Date
year: year month: month day: day
  ^self newDay: day month: month year: year
%
category: 'instance creation'
classmethod: Date
newDay: dayOfYear year: year
  ^self basicNew setYear: year dayOfYear: dayOfYear
%
category: 'instance creation'
classmethod: Date
fromDays: anInteger
  "Answer the Date anInteger days after January 1, 1970."
  | y days |
  y := 1970 + (anInteger // 366).
  [(self newDay: 1 year: y + 1) daysSinceEpoch <= anInteger] whileTrue: [y := y + 1].
  [(self newDay: 1 year: y) daysSinceEpoch > anInteger] whileTrue: [y := y - 1].
  days := anInteger - (self newDay: 1 year: y) daysSinceEpoch.
  ^self newDay: days + 1 year: y
%
category: 'instance creation'
classmethod: Date
today
  "Answer the current date (UTC)."
  ^self fromDays: Time millisecondsSinceEpoch // 86400000
%
category: 'instance creation'
classmethod: Date
new
  ^self fromDays: 0
%
category: 'calendar'
classmethod: Date
isLeapYear: year
  ^(year \\ 4 = 0 and: [year \\ 100 ~= 0]) or: [year \\ 400 = 0]
%
category: 'calendar'
classmethod: Date
daysInMonth: month forYear: year
  month = 2 ifTrue: [^(self isLeapYear: year) ifTrue: [29] ifFalse: [28]].
  ^#(31 28 31 30 31 30 31 31 30 31 30 31) at: month
%
category: 'calendar'
classmethod: Date
daysInYear: year
  ^(self isLeapYear: year) ifTrue: [366] ifFalse: [365]
%

! ------------------------------------------------------------------ Time
removeallmethods Time
removeallclassmethods Time

category: 'private'
method: Time
setMilliseconds: anInteger
  milliseconds := anInteger
%
category: 'accessing'
method: Time
hour
  ^milliseconds // 3600000
%
category: 'accessing'
method: Time
minute
  ^milliseconds // 60000 \\ 60
%
category: 'accessing'
method: Time
second
  ^milliseconds // 1000 \\ 60
%
category: 'accessing'
method: Time
asSeconds
  "Answer the number of whole seconds since midnight."
  ^milliseconds // 1000
%
category: 'accessing'
method: Time
asMilliseconds
  ^milliseconds
%
category: 'arithmetic'
method: Time
addSeconds: anInteger
  ^Time fromMilliseconds: milliseconds + (anInteger * 1000)
%
category: 'arithmetic'
method: Time
subtractTime: aTime
  "Answer the number of seconds from aTime to the receiver."
  ^self asSeconds - aTime asSeconds
%
category: 'comparing'
method: Time
< aTime
  ^milliseconds < aTime asMilliseconds
%
category: 'comparing'
method: Time
= anObject
  ^(anObject isKindOf: Time) and: [milliseconds = anObject asMilliseconds]
%
category: 'comparing'
method: Time
hash
  ^milliseconds hash
%
category: 'printing'
method: Time
printOn: aStream
  aStream
    nextPutAll: (self hour printPaddedWith: $0 to: 2); nextPut: $:;
    nextPutAll: (self minute printPaddedWith: $0 to: 2); nextPut: $:;
    nextPutAll: (self second printPaddedWith: $0 to: 2)
%
category: 'instance creation'
classmethod: Time
fromMilliseconds: anInteger
  "Answer the time of day anInteger milliseconds after midnight (wrapping at 24 hours)."
  ^self basicNew setMilliseconds: anInteger \\ 86400000
%
category: 'instance creation'
classmethod: Time
fromSeconds: anInteger
  ^self fromMilliseconds: anInteger * 1000
%
category: 'instance creation'
classmethod: Time
fromHours: h minutes: m seconds: s
  ^self fromSeconds: (h * 3600) + (m * 60) + s
%
category: 'instance creation'
classmethod: Time
now
  "Answer the current time of day (UTC), to the second."
  ^self fromSeconds: self millisecondsSinceEpoch // 1000
%
category: 'instance creation'
classmethod: Time
new
  ^self fromMilliseconds: 0
%
category: 'clock'
classmethod: Time
millisecondsSinceEpoch
  "Answer the milliseconds since 1970-01-01T00:00:00Z, from the host clock."
  <primitive: 110>
  ^self primitiveFailed: #millisecondsSinceEpoch
%
category: 'clock'
classmethod: Time
millisecondClockValue
  ^self millisecondsSinceEpoch
%
category: 'clock'
classmethod: Time
millisecondsToRun: aBlock
  "Evaluate aBlock and answer how many milliseconds it took."
  | start |
  start := self millisecondsSinceEpoch.
  aBlock value.
  ^self millisecondsSinceEpoch - start
%
