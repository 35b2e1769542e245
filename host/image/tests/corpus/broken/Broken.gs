set compile_env: 0
! ------------------- Class definition for Broken
expectvalue /Class
doit
Object subclass: 'Broken'
  instVarNames: #( value)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: UserGlobals
  options: #()

%
expectvalue /Class
doit
Broken category: 'Corpus-Broken'
%
doit
Transcript show: 'not a definition'
%
! ------------------- Remove existing behavior from Broken
removeallmethods Broken
removeallclassmethods Broken
! ------------------- Instance methods for Broken
category: 'accessing'
method: Broken
value
	^value
%
category: 'accessing'
method: Broken
badSyntax
	| a |
	a := 3 + .
	^a
%
category: 'accessing'
method: Broken
value: anObject
	value := anObject
%
