set compile_env: 0
! ------------------- Class definition for Orphan
expectvalue /Class
doit
NoSuchSuperclass subclass: 'Orphan'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: UserGlobals
  options: #()

%
! ------------------- Remove existing behavior from Orphan
removeallmethods Orphan
removeallclassmethods Orphan
! ------------------- Instance methods for Orphan
category: 'accessing'
method: Orphan
name
	^'orphan'
%
