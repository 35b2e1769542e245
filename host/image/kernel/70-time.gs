! gs-mcp kernel class library, part 70: time and waiting.
! Duration, DateAndTime, Delay, Semaphore (Date and Time are in part 10).
! The clock is primitive 110 (Time class>>millisecondsSinceEpoch); Delay>>wait
! sleeps with primitive 111, which watches the break flag, so a deadline or a
! cancellation stops a waiting call. The embedded image runs one process, so a
! Semaphore wait that no signal has been sent for can never end: it signals an
! Error instead of hanging.
set compile_env: 0

doit
Magnitude subclass: 'Duration'
  instVarNames: #( seconds)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Duration comment: 'A Duration is a length of time, positive or negative, held as a number of seconds (an Integer, or a Fraction for parts of a second). It prints as [-]D:HH:MM:SS, e.g. 1:02:03:04 for one day, two hours, three minutes and four seconds.'
%
doit
Duration category: 'Kernel-Time'
%

doit
Magnitude subclass: 'DateAndTimeANSI'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
DateAndTimeANSI comment: 'DateAndTimeANSI is the superclass of DateAndTime, as in GemStone: the ANSI Smalltalk DateAndTime protocol. Here the protocol is DateAndTime''s own.'
%
doit
DateAndTimeANSI category: 'Kernel-Time'
%

doit
DateAndTimeANSI subclass: 'DateAndTime'
  instVarNames: #( seconds offset)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
DateAndTime comment: 'A DateAndTime is a point in time: seconds since 1970-01-01T00:00:00 UTC (an Integer, or a Fraction for parts of a second) and the offset (a Duration) of the local time it is seen in. DateAndTime now is in UTC. It prints in ISO 8601 form, e.g. 2026-12-02T15:04:05+00:00.'
%
doit
DateAndTime category: 'Kernel-Time'
%

doit
Object subclass: 'Delay'
  instVarNames: #( milliseconds)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Delay comment: 'A Delay suspends the running code for a length of time when sent wait: Delay forSeconds: 1, Delay forMilliseconds: 10. A wait ends early, ending the call, when the call is broken or its deadline passes.'
%
doit
Delay category: 'Kernel-Time'
%

doit
Object subclass: 'Semaphore'
  instVarNames: #( signals)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Semaphore comment: 'A Semaphore counts signals: wait consumes one and signal adds one. The embedded image runs one process, so a wait with no signal to consume could never end: it signals an Error at once. critical: runs a block holding the semaphore.'
%
doit
Semaphore category: 'Kernel-Time'
%

! ------------------------------------------------------------------ Duration
removeallmethods Duration
removeallclassmethods Duration

category: 'private'
method: Duration
setSeconds: aNumber
  seconds := aNumber
%
category: 'accessing'
method: Duration
asSeconds
  "Answer the whole length in seconds (a Fraction when it has parts of a second)."
  ^seconds
%
category: 'accessing'
method: Duration
asMilliseconds
  ^(seconds * 1000) truncated
%
category: 'accessing'
method: Duration
days
  "Answer the number of whole days, negative for a negative Duration."
  ^seconds truncated quo: 86400
%
category: 'accessing'
method: Duration
hours
  "Answer the hours beyond the whole days, -23 to 23."
  ^(seconds truncated rem: 86400) quo: 3600
%
category: 'accessing'
method: Duration
minutes
  "Answer the minutes beyond the whole hours, -59 to 59."
  ^(seconds truncated rem: 3600) quo: 60
%
category: 'accessing'
method: Duration
seconds
  "Answer the seconds beyond the whole minutes, parts of a second included."
  ^seconds - ((seconds truncated quo: 60) * 60)
%
category: 'arithmetic'
method: Duration
+ aDuration
  ^Duration seconds: seconds + aDuration asSeconds
%
category: 'arithmetic'
method: Duration
- aDuration
  ^Duration seconds: seconds - aDuration asSeconds
%
category: 'arithmetic'
method: Duration
* aNumber
  ^Duration seconds: seconds * aNumber
%
category: 'arithmetic'
method: Duration
/ aNumberOrDuration
  "Divided by a Duration, answer the ratio (a Number); divided by a Number, answer a Duration."
  (aNumberOrDuration isKindOf: Duration) ifTrue: [^seconds / aNumberOrDuration asSeconds].
  ^Duration seconds: seconds / aNumberOrDuration
%
category: 'arithmetic'
method: Duration
negated
  ^Duration seconds: seconds negated
%
category: 'arithmetic'
method: Duration
abs
  ^Duration seconds: seconds abs
%
category: 'testing'
method: Duration
negative
  ^seconds < 0
%
category: 'testing'
method: Duration
positive
  ^seconds >= 0
%
category: 'comparing'
method: Duration
< aDuration
  ^seconds < aDuration asSeconds
%
category: 'comparing'
method: Duration
= anObject
  ^(anObject isKindOf: Duration) and: [seconds = anObject asSeconds]
%
category: 'comparing'
method: Duration
hash
  ^seconds hash
%
category: 'printing'
method: Duration
printOn: aStream
  "Print as [-]D:HH:MM:SS, with the parts of a second after a point when there are any."
  | s |
  seconds < 0 ifTrue: [aStream nextPut: $-].
  s := self abs.
  aStream
    print: s days; nextPut: $:;
    nextPutAll: (s hours printPaddedWith: $0 to: 2); nextPut: $:;
    nextPutAll: (s minutes printPaddedWith: $0 to: 2); nextPut: $:.
  DateAndTime printSeconds: s seconds on: aStream
%
category: 'instance creation'
classmethod: Duration
seconds: aNumber
  ^self basicNew setSeconds: aNumber
%
category: 'instance creation'
classmethod: Duration
days: d hours: h minutes: m seconds: s
  ^self seconds: (d * 86400) + (h * 3600) + (m * 60) + s
%
category: 'instance creation'
classmethod: Duration
days: aNumber
  ^self seconds: aNumber * 86400
%
category: 'instance creation'
classmethod: Duration
hours: aNumber
  ^self seconds: aNumber * 3600
%
category: 'instance creation'
classmethod: Duration
minutes: aNumber
  ^self seconds: aNumber * 60
%
category: 'instance creation'
classmethod: Duration
milliseconds: aNumber
  ^self seconds: aNumber / 1000
%
category: 'instance creation'
classmethod: Duration
zero
  ^self seconds: 0
%
category: 'instance creation'
classmethod: Duration
new
  ^self zero
%

! ------------------------------------------------------------------ DateAndTime
removeallmethods DateAndTime
removeallclassmethods DateAndTime

category: 'private'
method: DateAndTime
setSeconds: aNumber offset: aDuration
  seconds := aNumber.
  offset := aDuration
%
category: 'private'
method: DateAndTime
_localSeconds
  "Answer the seconds since 1970-01-01T00:00:00 in the receiver's local time."
  ^seconds + offset asSeconds
%
category: 'private'
method: DateAndTime
_localDays
  ^self _localSeconds floor // 86400
%
category: 'private'
method: DateAndTime
_secondOfDay
  "Answer the seconds since local midnight, parts of a second included."
  ^self _localSeconds - (self _localDays * 86400)
%
category: 'accessing'
method: DateAndTime
asDate
  "Answer the local date."
  ^Date fromDays: self _localDays
%
category: 'accessing'
method: DateAndTime
asTime
  "Answer the local time of day, to the millisecond."
  ^Time fromMilliseconds: (self _secondOfDay * 1000) truncated
%
category: 'accessing'
method: DateAndTime
year
  ^self asDate year
%
category: 'accessing'
method: DateAndTime
month
  ^self asDate month
%
category: 'accessing'
method: DateAndTime
monthName
  ^self asDate monthName
%
category: 'accessing'
method: DateAndTime
dayOfMonth
  ^self asDate day
%
category: 'accessing'
method: DateAndTime
day
  ^self dayOfMonth
%
category: 'accessing'
method: DateAndTime
dayOfYear
  ^self asDate dayOfYear
%
category: 'accessing'
method: DateAndTime
dayOfWeek
  "Answer 1 for Sunday through 7 for Saturday."
  ^self asDate dayOfWeek
%
category: 'accessing'
method: DateAndTime
dayOfWeekName
  ^self asDate dayOfWeekName
%
category: 'accessing'
method: DateAndTime
isLeapYear
  ^self asDate isLeapYear
%
category: 'accessing'
method: DateAndTime
hour
  "Answer the local hour, 0 to 23."
  ^self _secondOfDay truncated // 3600
%
category: 'accessing'
method: DateAndTime
hour24
  ^self hour
%
category: 'accessing'
method: DateAndTime
minute
  ^self _secondOfDay truncated // 60 \\ 60
%
category: 'accessing'
method: DateAndTime
second
  "Answer the seconds beyond the whole minute, parts of a second included."
  | s |
  s := self _secondOfDay.
  ^s - (s truncated // 60 * 60)
%
category: 'accessing'
method: DateAndTime
offset
  "Answer the offset of the receiver's local time from UTC, a Duration."
  ^offset
%
category: 'converting'
method: DateAndTime
offset: aDuration
  "Answer the same point in time seen with local offset aDuration."
  ^DateAndTime basicNew setSeconds: seconds offset: aDuration
%
category: 'converting'
method: DateAndTime
asUTC
  ^self offset: Duration zero
%
category: 'converting'
method: DateAndTime
_secondsSinceEpoch
  "Answer the seconds since 1970-01-01T00:00:00 UTC."
  ^seconds
%
category: 'arithmetic'
method: DateAndTime
+ aDuration
  ^DateAndTime basicNew setSeconds: seconds + aDuration asSeconds offset: offset
%
category: 'arithmetic'
method: DateAndTime
- aDateAndTimeOrDuration
  "Less a DateAndTime, answer the Duration between them; less a Duration, answer the earlier DateAndTime."
  (aDateAndTimeOrDuration isKindOf: DateAndTime)
    ifTrue: [^Duration seconds: seconds - aDateAndTimeOrDuration _secondsSinceEpoch].
  ^self + aDateAndTimeOrDuration negated
%
category: 'comparing'
method: DateAndTime
< aDateAndTime
  ^seconds < aDateAndTime _secondsSinceEpoch
%
category: 'comparing'
method: DateAndTime
= anObject
  "Equal DateAndTimes are the same point in time, whatever their offsets."
  ^(anObject isKindOf: DateAndTime) and: [seconds = anObject _secondsSinceEpoch]
%
category: 'comparing'
method: DateAndTime
hash
  ^seconds hash
%
category: 'printing'
method: DateAndTime
printOn: aStream
  "Print in ISO 8601 form: 2026-12-02T15:04:05+00:00, with the parts of a second after a point when there are any."
  | date off |
  date := self asDate.
  aStream
    nextPutAll: (date year printPaddedWith: $0 to: 4); nextPut: $-;
    nextPutAll: (date month printPaddedWith: $0 to: 2); nextPut: $-;
    nextPutAll: (date day printPaddedWith: $0 to: 2); nextPut: $T;
    nextPutAll: (self hour printPaddedWith: $0 to: 2); nextPut: $:;
    nextPutAll: (self minute printPaddedWith: $0 to: 2); nextPut: $:.
  DateAndTime printSeconds: self second on: aStream.
  off := offset asSeconds truncated.
  aStream
    nextPut: (off < 0 ifTrue: [$-] ifFalse: [$+]);
    nextPutAll: (off abs // 3600 printPaddedWith: $0 to: 2); nextPut: $:;
    nextPutAll: (off abs // 60 \\ 60 printPaddedWith: $0 to: 2)
%
category: 'instance creation'
classmethod: DateAndTime
now
  "Answer the current point in time, in UTC, to the millisecond."
  ^self basicNew setSeconds: Time millisecondsSinceEpoch / 1000 offset: Duration zero
%
category: 'instance creation'
classmethod: DateAndTime
year: year month: month day: day hour: hour minute: minute second: second offset: aDuration
  "Answer the point in time that is the given local date and time at offset aDuration from UTC."
  | days |
  days := (Date newDay: day month: month year: year) daysSinceEpoch.
  ^self basicNew
    setSeconds: (days * 86400) + (hour * 3600) + (minute * 60) + second - aDuration asSeconds
    offset: aDuration
%
category: 'instance creation'
classmethod: DateAndTime
year: year month: month day: day hour: hour minute: minute second: second
  ^self year: year month: month day: day hour: hour minute: minute second: second offset: Duration zero
%
category: 'instance creation'
classmethod: DateAndTime
year: year month: month day: day
  ^self year: year month: month day: day hour: 0 minute: 0 second: 0
%
category: 'instance creation'
classmethod: DateAndTime
year: year day: dayOfYear hour: hour minute: minute second: second offset: aDuration
  | days |
  days := (Date newDay: dayOfYear year: year) daysSinceEpoch.
  ^self basicNew
    setSeconds: (days * 86400) + (hour * 3600) + (minute * 60) + second - aDuration asSeconds
    offset: aDuration
%
category: 'instance creation'
classmethod: DateAndTime
year: year day: dayOfYear hour: hour minute: minute second: second
  ^self year: year day: dayOfYear hour: hour minute: minute second: second offset: Duration zero
%
category: 'instance creation'
classmethod: DateAndTime
new
  "Answer 1970-01-01T00:00:00+00:00."
  ^self basicNew setSeconds: 0 offset: Duration zero
%
category: 'printing'
classmethod: DateAndTime
printSeconds: aNumber on: aStream
  "Write aNumber (0 to 60) as two digits, then, when it has parts of a second, a point and up to six digits of them."
  | whole micros digits |
  whole := aNumber truncated.
  aStream nextPutAll: (whole printPaddedWith: $0 to: 2).
  micros := ((aNumber - whole) * 1000000) rounded.
  micros = 0 ifTrue: [^self].
  digits := micros printPaddedWith: $0 to: 6.
  [digits last = $0] whileTrue: [digits := digits copyFrom: 1 to: digits size - 1].
  aStream nextPut: $.; nextPutAll: digits
%

! ------------------------------------------------------------------ Delay
removeallmethods Delay
removeallclassmethods Delay

category: 'private'
method: Delay
setMilliseconds: anInteger
  milliseconds := anInteger
%
category: 'accessing'
method: Delay
milliseconds
  ^milliseconds
%
category: 'waiting'
method: Delay
wait
  "Suspend the running code for the receiver's length of time."
  ^self _sleep: milliseconds
%
category: 'private'
method: Delay
_sleep: anInteger
  "Sleep anInteger milliseconds; a break or a deadline ends the call meanwhile."
  <primitive: 111>
  ^self primitiveFailed: #_sleep:
%
category: 'instance creation'
classmethod: Delay
forMilliseconds: aNumber
  "Answer a Delay of aNumber milliseconds (a non-negative Number)."
  (aNumber isKindOf: Number)
    ifFalse: [^ArgumentTypeError new signal: 'a Delay needs a Number of milliseconds, not ', aNumber printString].
  aNumber < 0 ifTrue: [^ArgumentError new signal: 'a Delay cannot be negative: ', aNumber printString].
  ^self basicNew setMilliseconds: aNumber rounded
%
category: 'instance creation'
classmethod: Delay
forSeconds: aNumber
  (aNumber isKindOf: Number)
    ifFalse: [^ArgumentTypeError new signal: 'a Delay needs a Number of seconds, not ', aNumber printString].
  ^self forMilliseconds: aNumber * 1000
%
category: 'instance creation'
classmethod: Delay
forDuration: aDuration
  ^self forMilliseconds: aDuration asSeconds * 1000
%

! ------------------------------------------------------------------ Semaphore
removeallmethods Semaphore
removeallclassmethods Semaphore

category: 'private'
method: Semaphore
setSignals: anInteger
  signals := anInteger
%
category: 'accessing'
method: Semaphore
excessSignals
  "Answer the number of signals no wait has consumed yet."
  ^signals
%
category: 'testing'
method: Semaphore
isEmpty
  ^signals = 0
%
category: 'synchronizing'
method: Semaphore
signal
  "Add a signal for the next wait to consume."
  signals := signals + 1
%
category: 'synchronizing'
method: Semaphore
wait
  "Consume a signal. With none to consume the wait could never end, since the embedded image runs no other process to signal it: signal an Error instead."
  signals > 0 ifFalse: [^Error new signal: 'wait on a Semaphore with no signal: the embedded image runs one process, so nothing could ever signal it'].
  signals := signals - 1
%
category: 'synchronizing'
method: Semaphore
waitForMilliseconds: anInteger
  "Consume a signal and answer true; with none, wait anInteger milliseconds (nothing can signal meanwhile) and answer false."
  signals > 0 ifTrue: [signals := signals - 1. ^true].
  (Delay forMilliseconds: anInteger) wait.
  ^false
%
category: 'synchronizing'
method: Semaphore
waitForSeconds: aNumber
  ^self waitForMilliseconds: aNumber * 1000
%
category: 'synchronizing'
method: Semaphore
critical: aBlock
  "Evaluate aBlock holding the receiver: wait, and signal again however aBlock ends."
  self wait.
  ^aBlock ensure: [self signal]
%
category: 'instance creation'
classmethod: Semaphore
new
  ^self basicNew setSignals: 0
%
category: 'instance creation'
classmethod: Semaphore
forMutualExclusion
  "Answer a Semaphore holding one signal, for critical:."
  ^self basicNew setSignals: 1
%
