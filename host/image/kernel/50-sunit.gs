! gs-mcp kernel class library, part 50: SUnit.
! TestAsserter, TestCase, GsTestCase, TestSuite, TestResult and TestResource. The testing
! tools (run_test_class, run_test_method, list_failing_tests,
! describe_test_failure, list_test_classes) drive these classes.
set compile_env: 0

doit
Object subclass: 'TestAsserter'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
TestAsserter comment: 'A TestAsserter makes assertions (assert:, deny:, should:raise:, fail ...), signaling a TestFailure when one does not hold. TestCase is its subclass; other objects that check things may subclass it too.'
%
doit
TestAsserter category: 'SUnit-Kernel'
%

doit
TestAsserter subclass: 'TestCase'
  instVarNames: #( testSelector)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
TestCase comment: 'A TestCase is one test: an instance of a TestCase subclass together with the selector of one of its test methods (a unary selector beginning with test). run sets it up, performs the test method and tears it down, recording a pass, a failure (a failed assertion: TestFailure) or an error (any other Error) in a TestResult. The class side builds a TestSuite of all test methods.'
%
doit
TestCase category: 'SUnit-Kernel'
%

doit
TestCase subclass: 'GsTestCase'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
GsTestCase comment: 'GsTestCase is the abstract superclass GemStone test classes usually inherit from. It adds nothing to TestCase but is itself abstract, so its subclasses inherit the test methods of abstract superclasses in the usual SUnit way.'
%
doit
GsTestCase category: 'SUnit-Kernel'
%

doit
Object subclass: 'TestSuite'
  instVarNames: #( tests name)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
TestSuite comment: 'A TestSuite is a named list of tests (TestCases or other TestSuites) run together into one TestResult. Before running, it makes the TestResources its tests need available, and afterwards it resets them.'
%
doit
TestSuite category: 'SUnit-Kernel'
%

doit
Object subclass: 'TestResult'
  instVarNames: #( passed failures errors signals)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
TestResult comment: 'A TestResult collects the outcome of running tests: the TestCases that passed, those that failed (a TestFailure was signaled) and those with errors (another Error was signaled), kept apart, plus the exception each failure or error raised. It prints as e.g. 3 run, 2 passes, 1 failures, 0 errors.'
%
doit
TestResult category: 'SUnit-Kernel'
%

doit
Object subclass: 'TestResource'
  instVarNames: #( name description)
  classVars: #()
  classInstVars: #( current)
  poolDictionaries: #()
  inDictionary: Globals
  options: #()
%
doit
TestResource comment: 'A TestResource is an expensive fixture shared by the tests of a suite: each subclass has one current instance, set up on first use and torn down when the suite that used it finishes. A TestCase class lists the resource classes it needs in its class-side resources method.'
%
doit
TestResource category: 'SUnit-Kernel'
%

! ------------------------------------------------------------------ TestAsserter, TestCase
! (TestAsserter's methods are those in the 'asserting' category and the
! two private ones they use.)
removeallmethods TestAsserter
removeallclassmethods TestAsserter
removeallmethods TestCase
removeallclassmethods TestCase

category: 'private'
method: TestCase
setTestSelector: aSymbol
  testSelector := aSymbol
%
category: 'accessing'
method: TestCase
selector
  "Answer the selector of the test method this TestCase runs."
  ^testSelector
%
category: 'accessing'
method: TestCase
resources
  ^self class resources
%
category: 'running'
method: TestCase
setUp
  "Prepare the fixture before each test method. The default does nothing."
  ^self
%
category: 'running'
method: TestCase
tearDown
  "Release the fixture after each test method, however it ended. The default does nothing."
  ^self
%
category: 'running'
method: TestCase
performTest
  ^self perform: testSelector
%
category: 'running'
method: TestCase
runCase
  "Set up, perform the test method and tear down, even when the test fails."
  [self setUp.
   self performTest] ensure: [self tearDown]
%
category: 'running'
method: TestCase
run
  "Run this test and answer a new TestResult."
  | result |
  result := TestResult new.
  self run: result.
  ^result
%
category: 'running'
method: TestCase
run: aResult
  "Run this test, recording its outcome in aResult."
  aResult runCase: self
%
category: 'running'
method: TestCase
debug
  "Run this test without catching failures or errors, so that they stop the execution where they happen."
  | resources |
  resources := self resources.
  resources do: [:each | each current].
  [self runCase] ensure: [resources do: [:each | each reset]]
%
category: 'asserting'
method: TestAsserter
assert: aBooleanOrBlock
  "Fail unless aBooleanOrBlock is (or evaluates to) true."
  aBooleanOrBlock value == true ifFalse: [self signalFailure: 'Assertion failed']
%
category: 'asserting'
method: TestAsserter
assert: aBooleanOrBlock description: aString
  aBooleanOrBlock value == true ifFalse: [self signalFailure: aString value]
%
category: 'asserting'
method: TestAsserter
assert: actual equals: expected
  "Fail unless actual = expected, saying what each was."
  expected = actual ifFalse: [
    self signalFailure: 'Expected ', expected printString, ' but was ', actual printString]
%
category: 'asserting'
method: TestAsserter
deny: aBooleanOrBlock
  "Fail if aBooleanOrBlock is (or evaluates to) true."
  aBooleanOrBlock value == true ifTrue: [self signalFailure: 'Denial failed']
%
category: 'asserting'
method: TestAsserter
deny: aBooleanOrBlock description: aString
  aBooleanOrBlock value == true ifTrue: [self signalFailure: aString value]
%
category: 'asserting'
method: TestAsserter
deny: actual equals: unexpected
  unexpected = actual ifTrue: [
    self signalFailure: 'Did not expect ', unexpected printString]
%
category: 'asserting'
method: TestAsserter
should: aBlock
  "Fail unless aBlock evaluates to true."
  self assert: aBlock value
%
category: 'asserting'
method: TestAsserter
shouldnt: aBlock
  self deny: aBlock value
%
category: 'asserting'
method: TestAsserter
should: aBlock raise: anExceptionSelector
  "Fail unless evaluating aBlock signals an exception that anExceptionSelector handles."
  self
    assert: (self executeShould: aBlock inScopeOf: anExceptionSelector)
    description: 'Expected ', anExceptionSelector printString, ' to be signaled'
%
category: 'asserting'
method: TestAsserter
should: aBlock raise: anExceptionSelector description: aString
  self assert: (self executeShould: aBlock inScopeOf: anExceptionSelector) description: aString
%
category: 'asserting'
method: TestAsserter
should: aBlock raise: anExceptionSelector withExceptionDo: checkBlock
  "Fail unless evaluating aBlock signals an exception that anExceptionSelector handles; then evaluate checkBlock with that exception, to make further assertions about it."
  | raised |
  raised := false.
  [aBlock value]
    on: anExceptionSelector
    do: [:ex | raised := true. checkBlock value: ex. ex return: nil].
  self assert: raised description: 'Expected ', anExceptionSelector printString, ' to be signaled'
%
category: 'asserting'
method: TestAsserter
shouldnt: aBlock raise: anExceptionSelector
  "Fail if evaluating aBlock signals an exception that anExceptionSelector handles."
  self
    deny: (self executeShould: aBlock inScopeOf: anExceptionSelector)
    description: 'Did not expect ', anExceptionSelector printString, ' to be signaled'
%
category: 'asserting'
method: TestAsserter
shouldnt: aBlock raise: anExceptionSelector description: aString
  self deny: (self executeShould: aBlock inScopeOf: anExceptionSelector) description: aString
%
category: 'asserting'
method: TestAsserter
fail
  "Fail unconditionally."
  self signalFailure: 'Test failed'
%
category: 'asserting'
method: TestAsserter
fail: aString
  self signalFailure: aString
%
category: 'private'
method: TestAsserter
executeShould: aBlock inScopeOf: anExceptionSelector
  "Answer whether evaluating aBlock signals an exception that anExceptionSelector handles."
  ^[aBlock value.
    false]
      on: anExceptionSelector
      do: [:ex | ex return: true]
%
category: 'private'
method: TestAsserter
signalFailure: aString
  ^TestFailure new signal: aString
%
category: 'printing'
method: TestCase
printOn: aStream
  "Print as ClassName>>#testSelector."
  aStream nextPutAll: self class name; nextPutAll: '>>#'.
  testSelector == nil ifFalse: [aStream nextPutAll: testSelector]
%
category: 'instance creation'
classmethod: TestCase
selector: aSymbol
  "Answer a TestCase that runs the test method aSymbol."
  ^self new setTestSelector: aSymbol
%
category: 'testing'
classmethod: TestCase
isAbstract
  "Answer whether the receiver only provides behaviour to subclasses and has no tests of its own to run."
  ^self == TestCase
%
category: 'testing'
classmethod: TestCase
shouldInheritSelectors
  "Answer whether the receiver runs the test methods of its superclass too: it does when the superclass is abstract or the receiver has no test methods of its own."
  self == TestCase ifTrue: [^false].
  ^self superclass isAbstract or: [self testSelectors isEmpty]
%
category: 'accessing'
classmethod: TestCase
testSelectors
  "Answer a sorted Array of the test selectors this class defines: unary selectors beginning with test."
  ^((self selectors select: [:sel | (sel startsWith: 'test') and: [sel numArgs = 0]])
      asSortedCollection: [:a :b | a <= b]) asArray
%
category: 'accessing'
classmethod: TestCase
allTestSelectors
  "Answer a sorted Array of the test selectors instances run, inherited ones included when shouldInheritSelectors."
  | result |
  result := Set withAll: self testSelectors.
  (self shouldInheritSelectors and: [self superclass ~~ TestCase])
    ifTrue: [result addAll: self superclass allTestSelectors].
  ^(result asSortedCollection: [:a :b | a <= b]) asArray
%
category: 'accessing'
classmethod: TestCase
resources
  "Answer the TestResource classes the tests of this class need."
  ^#()
%
category: 'building suites'
classmethod: TestCase
suite
  "Answer a TestSuite of every test of the receiver; for an abstract class, of every test of its concrete subclasses."
  ^self buildSuite
%
category: 'building suites'
classmethod: TestCase
buildSuite
  | suite |
  self isAbstract ifFalse: [^self buildSuiteFromSelectors].
  suite := TestSuite named: self name.
  (self allSubclasses reject: [:each | each isAbstract])
    do: [:each | suite addTests: each buildSuiteFromSelectors tests].
  ^suite
%
category: 'building suites'
classmethod: TestCase
buildSuiteFromSelectors
  | suite |
  suite := TestSuite named: self name.
  self allTestSelectors do: [:sel | suite addTest: (self selector: sel)].
  ^suite
%
category: 'running'
classmethod: TestCase
run
  "Run every test of the receiver and answer the TestResult."
  ^self suite run
%
category: 'running'
classmethod: TestCase
run: aSymbol
  "Run the one test aSymbol and answer its TestResult."
  ^(self selector: aSymbol) run
%
category: 'running'
classmethod: TestCase
debug: aSymbol
  ^(self selector: aSymbol) debug
%

! ------------------------------------------------------------------ GsTestCase
removeallmethods GsTestCase
removeallclassmethods GsTestCase

category: 'testing'
classmethod: GsTestCase
isAbstract
  ^self == GsTestCase
%

! ------------------------------------------------------------------ TestSuite
removeallmethods TestSuite
removeallclassmethods TestSuite

category: 'private'
method: TestSuite
setName: aString
  name := aString.
  tests := OrderedCollection new
%
category: 'accessing'
method: TestSuite
name
  ^name
%
category: 'accessing'
method: TestSuite
name: aString
  name := aString
%
category: 'accessing'
method: TestSuite
tests
  ^tests
%
category: 'accessing'
method: TestSuite
addTest: aTest
  "Add a TestCase or a TestSuite and answer it."
  ^tests add: aTest
%
category: 'accessing'
method: TestSuite
addTests: aCollection
  aCollection do: [:each | self addTest: each].
  ^aCollection
%
category: 'accessing'
method: TestSuite
resources
  "Answer the TestResource classes any of the tests need, each once."
  | result |
  result := OrderedCollection new.
  tests do: [:each |
    each resources do: [:res | (result includes: res) ifFalse: [result add: res]]].
  ^result
%
category: 'accessing'
method: TestSuite
size
  ^tests inject: 0 into: [:sum :each | sum + ((each isKindOf: TestSuite) ifTrue: [each size] ifFalse: [1])]
%
category: 'running'
method: TestSuite
run
  "Run every test and answer a new TestResult."
  | result |
  result := TestResult new.
  self run: result.
  ^result
%
category: 'running'
method: TestSuite
run: aResult
  "Run every test into aResult, with the resources they need available meanwhile."
  | resources |
  resources := self resources.
  [resources do: [:each | each current].
   tests do: [:each | each run: aResult]]
    ensure: [resources do: [:each | each reset]]
%
category: 'printing'
method: TestSuite
printOn: aStream
  aStream nextPutAll: 'aTestSuite('; print: name; nextPutAll: ', '; print: self size; nextPutAll: ' tests)'
%
category: 'instance creation'
classmethod: TestSuite
named: aString
  "Answer an empty suite called aString."
  ^self basicNew setName: aString
%
category: 'instance creation'
classmethod: TestSuite
new
  ^self named: 'a TestSuite'
%

! ------------------------------------------------------------------ TestResult
removeallmethods TestResult
removeallclassmethods TestResult

category: 'private'
method: TestResult
initialize
  passed := OrderedCollection new.
  failures := OrderedCollection new.
  errors := OrderedCollection new.
  signals := IdentityDictionary new
%
category: 'running'
method: TestResult
runCase: aTestCase
  "Run aTestCase and record whether it passed, failed or raised an error."
  | outcome |
  outcome := [[aTestCase runCase.
      #passed]
        on: self class failure
        do: [:ex | signals at: aTestCase put: ex. ex return: #failure]]
          on: self class error
          do: [:ex | signals at: aTestCase put: ex. ex return: #error].
  outcome == #passed ifTrue: [passed add: aTestCase].
  outcome == #failure ifTrue: [failures add: aTestCase].
  outcome == #error ifTrue: [errors add: aTestCase]
%
category: 'accessing'
method: TestResult
passed
  "Answer the TestCases that passed, in the order they ran."
  ^passed
%
category: 'accessing'
method: TestResult
failures
  "Answer the TestCases whose assertions failed."
  ^failures
%
category: 'accessing'
method: TestResult
errors
  "Answer the TestCases that raised an error other than a failed assertion."
  ^errors
%
category: 'accessing'
method: TestResult
defects
  "Answer the failures followed by the errors."
  ^failures, errors
%
category: 'accessing'
method: TestResult
tests
  ^passed, failures, errors
%
category: 'accessing'
method: TestResult
exceptionFor: aTestCase
  "Answer the exception that made aTestCase fail or err, or nil if it passed."
  ^signals at: aTestCase ifAbsent: [nil]
%
category: 'accessing'
method: TestResult
descriptionFor: aTestCase
  "Answer e.g. 'ZeroDivide: attempt to divide 1 by zero' for a test that did not pass, or nil."
  | ex |
  ex := self exceptionFor: aTestCase.
  ex == nil ifTrue: [^nil].
  ^ex class name, ': ', ex description
%
category: 'accessing'
method: TestResult
runCount
  ^passed size + failures size + errors size
%
category: 'accessing'
method: TestResult
passedCount
  ^passed size
%
category: 'accessing'
method: TestResult
failureCount
  ^failures size
%
category: 'accessing'
method: TestResult
errorCount
  ^errors size
%
category: 'testing'
method: TestResult
hasPassed
  "Answer whether every test run passed."
  ^failures isEmpty and: [errors isEmpty]
%
category: 'testing'
method: TestResult
hasFailures
  ^failures notEmpty
%
category: 'testing'
method: TestResult
hasErrors
  ^errors notEmpty
%
category: 'testing'
method: TestResult
isPassed: aTestCase
  ^passed includes: aTestCase
%
category: 'testing'
method: TestResult
isFailure: aTestCase
  ^failures includes: aTestCase
%
category: 'testing'
method: TestResult
isError: aTestCase
  ^errors includes: aTestCase
%
category: 'printing'
method: TestResult
printOn: aStream
  aStream
    print: self runCount; nextPutAll: ' run, ';
    print: self passedCount; nextPutAll: ' passes, ';
    print: self failureCount; nextPutAll: ' failures, ';
    print: self errorCount; nextPutAll: ' errors'
%
category: 'instance creation'
classmethod: TestResult
new
  ^self basicNew initialize
%
category: 'exception selectors'
classmethod: TestResult
failure
  "The exceptions recorded as failures."
  ^TestFailure
%
category: 'exception selectors'
classmethod: TestResult
error
  "The exceptions recorded as errors: any Error, and a Halt left in test code."
  ^Error, Halt
%

! ------------------------------------------------------------------ TestResource
removeallmethods TestResource
removeallclassmethods TestResource

category: 'accessing'
method: TestResource
name
  ^name == nil ifTrue: [self class name] ifFalse: [name]
%
category: 'accessing'
method: TestResource
name: aString
  name := aString
%
category: 'accessing'
method: TestResource
description
  ^description == nil ifTrue: [''] ifFalse: [description]
%
category: 'accessing'
method: TestResource
description: aString
  description := aString
%
category: 'running'
method: TestResource
setUp
  "Create the shared fixture. The default does nothing."
  ^self
%
category: 'running'
method: TestResource
tearDown
  "Release the shared fixture. The default does nothing."
  ^self
%
category: 'testing'
method: TestResource
isAvailable
  "Answer whether setUp succeeded; subclasses refine this."
  ^true
%
category: 'accessing'
classmethod: TestResource
current
  "Answer the shared instance, creating and setting it up on first use."
  current == nil ifTrue: [
    current := self new.
    current setUp].
  ^current
%
category: 'accessing'
classmethod: TestResource
reset
  "Tear down and forget the shared instance, if there is one."
  current == nil ifFalse: [
    [current tearDown] ensure: [current := nil]]
%
category: 'testing'
classmethod: TestResource
isAvailable
  ^self current notNil and: [self current isAvailable]
%
category: 'accessing'
classmethod: TestResource
resources
  ^#()
%
