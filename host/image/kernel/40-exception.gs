! gs-mcp kernel class library, part 40: exceptions.
! AbstractException, Exception, Error and its kernel subclasses, Notification,
! Warning, Halt, ExceptionSet, and the SUnit failure classes.
! Handler search, unwinding, resumption and retry are primitives 80-85 (see
! PRIMITIVES.md); handlers are installed by ExecBlock>>on:do: (primitive 28).
set compile_env: 0

doit
Object subclass: 'AbstractException'
  instVarNames: #( messageText tag signalEnvironment)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
AbstractException comment: 'AbstractException is the root of the exception classes: an exception is an object that is signaled, finds the nearest handler (an on:do: whose selector handles it), and is then returned from, retried, resumed, passed or handled by its defaultAction. signalEnvironment is reserved for the virtual machine, which records there which handler is running the exception.'
%
doit
AbstractException category: 'Kernel-Exceptions'
%

doit
AbstractException subclass: 'Exception'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Exception comment: 'Exception is the ANSI exception class: the superclass of Error, Notification and Warning and the class handlers usually name. An unhandled Exception that is not an Error answers nil from signal.'
%
doit
Exception category: 'Kernel-Exceptions'
%

doit
Exception subclass: 'Error'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Error comment: 'An Error reports a condition that stops the computation unless it is handled: its defaultAction ends the current execution and reports the error to whoever started it. Errors are not resumable.'
%
doit
Error category: 'Kernel-Exceptions'
%

doit
Error subclass: 'ArithmeticError'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ArithmeticError comment: 'An ArithmeticError reports an arithmetic operation with no meaningful result. It is resumable: a handler may supply a result with resume:.'
%
doit
ArithmeticError category: 'Kernel-Exceptions'
%

doit
ArithmeticError subclass: 'ZeroDivide'
  instVarNames: #( dividend)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ZeroDivide comment: 'A ZeroDivide reports a division (/, //, \\, quo:, rem:) by zero; dividend is the number that was being divided.'
%
doit
ZeroDivide category: 'Kernel-Exceptions'
%

doit
Error subclass: 'MessageNotUnderstood'
  instVarNames: #( message receiver)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
MessageNotUnderstood comment: 'A MessageNotUnderstood reports that receiver has no method for message (a Message). It is resumable: the value a handler resumes with becomes the value of the failed send.'
%
doit
MessageNotUnderstood category: 'Kernel-Exceptions'
%

doit
Error subclass: 'ImproperOperation'
  instVarNames: #( object)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ImproperOperation comment: 'An ImproperOperation reports an operation that cannot be applied to object, its receiver or argument: an unacceptable argument (ArgumentError, ArgumentTypeError), an absent key (LookupError), an index out of bounds (OffsetError) or a value outside a range (OutOfRange).'
%
doit
ImproperOperation category: 'Kernel-Exceptions'
%

doit
ImproperOperation subclass: 'ArgumentError'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ArgumentError comment: 'An ArgumentError reports an argument that is unacceptable to the method it was passed to.'
%
doit
ArgumentError category: 'Kernel-Exceptions'
%

doit
ImproperOperation subclass: 'ArgumentTypeError'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ArgumentTypeError comment: 'An ArgumentTypeError reports an argument of the wrong kind or outside the values a method accepts.'
%
doit
ArgumentTypeError category: 'Kernel-Exceptions'
%

doit
ImproperOperation subclass: 'OffsetError'
  instVarNames: #( maximum actual)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
OffsetError comment: 'An OffsetError reports an index outside the bounds of the indexed object it was used on (at:, at:put:, basicAt:, copyFrom:to:, removeIndex:, ...).'
%
doit
OffsetError category: 'Kernel-Exceptions'
%

doit
ImproperOperation subclass: 'OutOfRange'
  instVarNames: #( minimum maximum actual)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
OutOfRange comment: 'An OutOfRange reports an argument (actual) outside the range minimum to maximum that the method accepts, such as a process priority or an environment number.'
%
doit
OutOfRange category: 'Kernel-Exceptions'
%

doit
ImproperOperation subclass: 'LookupError'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
LookupError comment: 'A LookupError reports a key that is absent: from a dictionary (at:, removeKey:) or a selector absent from a class.'
%
doit
LookupError category: 'Kernel-Exceptions'
%

doit
Error subclass: 'NotFoundError'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
NotFoundError comment: 'A NotFoundError reports that a searched-for element is not in a collection (detect:, remove:).'
%
doit
NotFoundError category: 'Kernel-Exceptions'
%

doit
Error subclass: 'CompileError'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
CompileError comment: 'A CompileError reports source code that does not compile; its messageText says where and why.'
%
doit
CompileError category: 'Kernel-Exceptions'
%

doit
Exception subclass: 'Notification'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Notification comment: 'A Notification tells interested handlers about an event without requiring one: unhandled, signal simply answers nil and the computation goes on.'
%
doit
Notification category: 'Kernel-Exceptions'
%

doit
Exception subclass: 'Warning'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Warning comment: 'A Warning reports a questionable condition. Unhandled, it writes its description to the Transcript and signal answers nil.'
%
doit
Warning category: 'Kernel-Exceptions'
%

doit
Exception subclass: 'Halt'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
Halt comment: 'A Halt is signaled by Object>>halt. Unhandled, it stops the current execution like an Error, so a breakpoint left in code shows up as a stopped call rather than going unnoticed.'
%
doit
Halt category: 'Kernel-Exceptions'
%

doit
Object subclass: 'ExceptionSet'
  instVarNames: #( exceptionClasses)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ExceptionSet comment: 'An ExceptionSet groups exception classes so that one handler handles any of them: [...] on: ZeroDivide, MessageNotUnderstood do: [...]. Create one with , between exception classes.'
%
doit
ExceptionSet category: 'Kernel-Exceptions'
%

doit
Exception subclass: 'TestFailure'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
TestFailure comment: 'A TestFailure is signaled by a failed SUnit assertion. It is not an Error, so test code that handles Error does not swallow failed assertions; TestResult tells failures apart from errors by this class. Unhandled, it stops the execution like an Error.'
%
doit
TestFailure category: 'SUnit-Kernel'
%

doit
TestFailure subclass: 'ResumableTestFailure'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
ResumableTestFailure comment: 'A ResumableTestFailure is a TestFailure after which the test may go on, to report several failed assertions from one test.'
%
doit
ResumableTestFailure category: 'SUnit-Kernel'
%

! ------------------------------------------------------------------ AbstractException
removeallmethods AbstractException
removeallclassmethods AbstractException

category: 'signaling'
method: AbstractException
signal
  "Signal the receiver: find the nearest active handler whose selector handles it and run the handler block. If there is no handler, answer the value of defaultAction (for a resumable exception) or stop the execution (for an Error). If a handler resumes the receiver, answer the resumption value."
  <primitive: 80>
  ^self defaultAction
%
category: 'signaling'
method: AbstractException
signal: aString
  "Set the messageText to aString and signal the receiver."
  messageText := aString.
  ^self signal
%
category: 'handling'
method: AbstractException
return: aValue
  "From within a handler: end the handler and make its on:do: answer aValue."
  <primitive: 82>
  ^self _notInHandler: #return:
%
category: 'handling'
method: AbstractException
return
  ^self return: nil
%
category: 'handling'
method: AbstractException
retry
  "From within a handler: unwind to the handler's on:do: and evaluate its protected block again."
  <primitive: 83>
  ^self _notInHandler: #retry
%
category: 'handling'
method: AbstractException
resume: aValue
  "From within a handler: make the send of signal that raised the receiver answer aValue. Only resumable exceptions may be resumed."
  self isResumable
    ifFalse: [^Error new signal: self class name, ' is not resumable; use return: or retry'].
  ^self _resume: aValue
%
category: 'handling'
method: AbstractException
resume
  ^self resume: nil
%
category: 'handling'
method: AbstractException
outer
  "From within a handler: signal the receiver again to the handlers outside this one (or to its defaultAction when there are none). If one resumes it, answer the resumption value here."
  <primitive: 81>
  ^self defaultAction
%
category: 'handling'
method: AbstractException
pass
  "From within a handler: hand the receiver to the enclosing handlers as though this handler did not exist. If they resume it, the original signal answers the resumption value."
  ^self _resume: self outer
%
category: 'handling'
method: AbstractException
retryUsing: aBlock
  "From within a handler: abandon this handler and answer the value of aBlock from its on:do:."
  ^self return: aBlock value
%
category: 'handling'
method: AbstractException
signalerContext
  "This kernel does not reify contexts."
  ^nil
%
category: 'private'
method: AbstractException
_resume: aValue
  "Make the signal (or outer) that is waiting on this handler answer aValue."
  <primitive: 84>
  ^self _notInHandler: #resume:
%
category: 'private'
method: AbstractException
_notInHandler: aSelector
  ^Error new signal: aSelector, ' was sent to ', self class nameWithArticle, ' that is not being handled'
%
category: 'private'
method: AbstractException
_terminateUnhandled
  "End the current execution, running the ensure: blocks on the way out, and report the receiver to whoever started the execution as its unhandled error. Never returns."
  <primitive: 85>
  ^self primitiveFailed: #_terminateUnhandled
%
category: 'exception description'
method: AbstractException
defaultAction
  "What happens when no handler handles the receiver."
  ^self subclassResponsibility
%
category: 'exception description'
method: AbstractException
isResumable
  ^true
%
category: 'exception description'
method: AbstractException
description
  "Answer a textual description: the messageText when one was given, otherwise a default for the class."
  messageText == nil ifFalse: [^messageText asString].
  ^self defaultDescription
%
category: 'exception description'
method: AbstractException
defaultDescription
  ^'An exception of class ', self class name, ' was signaled'
%
category: 'exception description'
method: AbstractException
number
  "Answer GemStone's error number for the receiver, or nil for an exception that is not an Error."
  ^nil
%
category: 'exception description'
method: AbstractException
reason
  "Answer the name of GemStone's error (e.g. 'numErrIntDivisionByZero'), or an empty String when it has none."
  ^''
%
category: 'exception description'
method: AbstractException
details
  "Answer the text that says what went wrong in this instance: the messageText when one was given, otherwise what the class says of the instance."
  ^self description
%
category: 'accessing'
method: AbstractException
messageText
  "Answer the message text, or the description when none was given."
  messageText == nil ifTrue: [^self description].
  ^messageText
%
category: 'accessing'
method: AbstractException
messageText: aString
  messageText := aString
%
category: 'accessing'
method: AbstractException
tag
  "Answer the tag, by default the messageText."
  tag == nil ifTrue: [^self messageText].
  ^tag
%
category: 'accessing'
method: AbstractException
tag: anObject
  tag := anObject
%
category: 'printing'
method: AbstractException
printOn: aStream
  "Print as e.g. aZeroDivide: attempt to divide 1 by zero."
  aStream nextPutAll: self class nameWithArticle; nextPutAll: ': '; nextPutAll: self description
%
category: 'instance creation'
classmethod: AbstractException
signal
  ^self new signal
%
category: 'instance creation'
classmethod: AbstractException
signal: aString
  ^self new signal: aString
%
category: 'exception selecting'
classmethod: AbstractException
handles: anException
  "Answer whether a handler on the receiver handles anException: it does for instances of the receiver and its subclasses."
  ^anException isKindOf: self
%
category: 'exception selecting'
classmethod: AbstractException
, anExceptionSelector
  "Answer an ExceptionSet of the receiver and anExceptionSelector."
  ^ExceptionSet with: self with: anExceptionSelector
%

! ------------------------------------------------------------------ Exception
removeallmethods Exception
removeallclassmethods Exception

category: 'exception description'
method: Exception
defaultAction
  "Unhandled, a plain Exception answers nil from signal."
  ^nil
%

! ------------------------------------------------------------------ Error
removeallmethods Error
removeallclassmethods Error

category: 'exception description'
method: Error
number
  "GemStone's number for an Error signaled from Smalltalk."
  ^2710
%
category: 'exception description'
method: Error
defaultAction
  "Unhandled, an Error stops the execution and is reported to its caller."
  ^self _terminateUnhandled
%
category: 'exception description'
method: Error
isResumable
  ^false
%
category: 'exception description'
method: Error
defaultDescription
  ^'An error of class ', self class name, ' occurred'
%

! ------------------------------------------------------------------ ArithmeticError
removeallmethods ArithmeticError
removeallclassmethods ArithmeticError

category: 'exception description'
method: ArithmeticError
isResumable
  ^true
%

! ------------------------------------------------------------------ ZeroDivide
removeallmethods ZeroDivide
removeallclassmethods ZeroDivide

category: 'exception description'
method: ZeroDivide
number
  ^2026
%
category: 'exception description'
method: ZeroDivide
reason
  ^'numErrIntDivisionByZero'
%
category: 'accessing'
method: ZeroDivide
dividend
  ^dividend
%
category: 'accessing'
method: ZeroDivide
dividend: aNumber
  dividend := aNumber
%
category: 'exception description'
method: ZeroDivide
defaultDescription
  ^'attempt to divide ', dividend printString, ' by zero'
%

! ------------------------------------------------------------------ MessageNotUnderstood
removeallmethods MessageNotUnderstood
removeallclassmethods MessageNotUnderstood

category: 'exception description'
method: MessageNotUnderstood
number
  ^2010
%
category: 'exception description'
method: MessageNotUnderstood
reason
  ^'rtErrDoesNotUnderstand'
%
category: 'accessing'
method: MessageNotUnderstood
message
  ^message
%
category: 'accessing'
method: MessageNotUnderstood
receiver
  ^receiver
%
category: 'accessing'
method: MessageNotUnderstood
message: aMessage receiver: anObject
  message := aMessage.
  receiver := anObject
%
category: 'exception description'
method: MessageNotUnderstood
isResumable
  ^true
%
category: 'exception description'
method: MessageNotUnderstood
defaultDescription
  "E.g. aSmallInteger does not understand #'foo'."
  message == nil ifTrue: [^super defaultDescription].
  ^receiver class nameWithArticle, ' does not understand ', message selector printString
%

! ------------------------------------------------------------------ OffsetError
removeallmethods OffsetError
removeallclassmethods OffsetError

category: 'accessing'
method: OffsetError
object: anObject index: anInteger
  "Record that anInteger is outside the bounds of anObject, whose size is the largest valid index."
  object := anObject.
  actual := anInteger.
  maximum := anObject size
%
category: 'accessing'
method: OffsetError
maximum
  "Answer the largest valid index: the size of the object that was indexed."
  ^maximum
%
category: 'accessing'
method: OffsetError
actual
  "Answer the index that was used."
  ^actual
%
category: 'accessing'
method: OffsetError
index
  ^actual
%
category: 'exception description'
method: OffsetError
number
  ^2003
%
category: 'exception description'
method: OffsetError
reason
  ^'objErrBadOffsetIncomplete'
%
category: 'exception description'
method: OffsetError
details
  "E.g. max:2 actual:3, when the error was signaled by an indexing message."
  actual == nil ifTrue: [^super details].
  ^'max:', maximum printString, ' actual:', actual printString
%
category: 'exception description'
method: OffsetError
defaultDescription
  actual == nil ifTrue: [^super defaultDescription].
  ^'index ', actual printString, ' is out of bounds for ', object class nameWithArticle, ' of size ', maximum printString
%

! ------------------------------------------------------------------ OutOfRange
removeallmethods OutOfRange
removeallclassmethods OutOfRange

category: 'instance creation'
classmethod: OutOfRange
new: anInteger minimum: min maximum: max
  "Answer a new OutOfRange reporting that anInteger is outside min to max."
  ^self new actual: anInteger minimum: min maximum: max
%
category: 'accessing'
method: OutOfRange
actual: anInteger minimum: min maximum: max
  actual := anInteger.
  minimum := min.
  maximum := max
%
category: 'accessing'
method: OutOfRange
minimum
  ^minimum
%
category: 'accessing'
method: OutOfRange
maximum
  ^maximum
%
category: 'accessing'
method: OutOfRange
actual
  ^actual
%
category: 'exception description'
method: OutOfRange
details
  "E.g. 0 is out of range 1 to 8, when the error was made with the range."
  actual == nil ifTrue: [^super details].
  ^actual printString, ' is out of range ', minimum printString, ' to ', maximum printString
%
category: 'exception description'
method: OutOfRange
defaultDescription
  actual == nil ifTrue: [^super defaultDescription].
  ^self details
%

! ------------------------------------------------------------------ LookupError, NotFoundError, CompileError
removeallmethods LookupError
removeallclassmethods LookupError

category: 'exception description'
method: LookupError
defaultDescription
  ^'key not found'
%

removeallmethods NotFoundError
removeallclassmethods NotFoundError

category: 'exception description'
method: NotFoundError
defaultDescription
  ^'object not found'
%

removeallmethods CompileError
removeallclassmethods CompileError

category: 'exception description'
method: CompileError
number
  ^1001
%
category: 'exception description'
method: CompileError
defaultDescription
  ^'the source does not compile'
%

removeallmethods ArgumentTypeError
removeallclassmethods ArgumentTypeError

category: 'exception description'
method: ArgumentTypeError
number
  ^2094
%

! ------------------------------------------------------------------ Notification
removeallmethods Notification
removeallclassmethods Notification

category: 'exception description'
method: Notification
defaultAction
  "Unhandled, signal answers nil and the computation goes on."
  ^nil
%

! ------------------------------------------------------------------ Warning
removeallmethods Warning
removeallclassmethods Warning

category: 'exception description'
method: Warning
defaultAction
  "Unhandled, write the description to the Transcript and answer nil from signal."
  Transcript show: 'Warning: ', self description; cr.
  ^nil
%

! ------------------------------------------------------------------ Halt
removeallmethods Halt
removeallclassmethods Halt

category: 'exception description'
method: Halt
defaultAction
  ^self _terminateUnhandled
%
category: 'exception description'
method: Halt
defaultDescription
  ^'halt'
%

! ------------------------------------------------------------------ ExceptionSet
removeallmethods ExceptionSet
removeallclassmethods ExceptionSet

category: 'private'
method: ExceptionSet
setClasses: anArray
  exceptionClasses := anArray
%
category: 'accessing'
method: ExceptionSet
exceptionClasses
  ^exceptionClasses
%
category: 'exception selecting'
method: ExceptionSet
handles: anException
  "Answer whether any member handles anException."
  ^exceptionClasses anySatisfy: [:each | each handles: anException]
%
category: 'exception selecting'
method: ExceptionSet
, anExceptionSelector
  ^ExceptionSet withAll: (exceptionClasses copyWith: anExceptionSelector)
%
category: 'printing'
method: ExceptionSet
printOn: aStream
  aStream nextPutAll: 'anExceptionSet('.
  exceptionClasses do: [:each | aStream space; print: each].
  aStream nextPut: $)
%
category: 'instance creation'
classmethod: ExceptionSet
with: first with: second
  ^self basicNew setClasses: (Array with: first with: second)
%
category: 'instance creation'
classmethod: ExceptionSet
withAll: anArray
  ^self basicNew setClasses: anArray asArray
%

! ------------------------------------------------------------------ TestFailure
removeallmethods TestFailure
removeallclassmethods TestFailure

category: 'exception description'
method: TestFailure
defaultAction
  ^self _terminateUnhandled
%
category: 'exception description'
method: TestFailure
isResumable
  ^false
%
category: 'exception description'
method: TestFailure
defaultDescription
  ^'Assertion failed'
%

removeallmethods ResumableTestFailure
removeallclassmethods ResumableTestFailure

category: 'exception description'
method: ResumableTestFailure
isResumable
  ^true
%
