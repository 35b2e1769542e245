! Written for gs-mcp's corpus (not part of GemConnect for Postgres): what
! src/install.topaz, src/private.topaz and src/install.tests.topaz do before
! and around their GsFileIn, without the checks for the Postgres library
! (the embedded image loads no shared library).
run
| symDict |
symDict := (System myUserProfile symbolList objectNamed: #GemConnectForPostgres) ifNil: [
  | symList offset |
  symList := System myUserProfile symbolList.
  offset := symList size + 1 .
  symList createDictionaryNamed: #GemConnectForPostgres at: offset .
  symList objectNamed: #GemConnectForPostgres ].
AllUsers do: [:u | (u resolveSymbol: #GemConnectForPostgres)
  ifNil: [u insertDictionary: symDict at: (u symbolList size + 1)]].
UserGlobals at: #GcfpInstallDict put: symDict .
UserGlobals at: #GcfpPgConnSuperClass put:
  ((System myUserProfile resolveSymbol: #GsRdbConnection) ifNil: [ Object ] ifNotNil: [:a | a value ]).
true
%
input GemConnectForPostgres_classes.gs
input GemConnectForPostgres_methods.gs
input Object_methods.gs
input GemConnectForPostgres_Tests_classes.gs
input GemConnectForPostgres_Tests_methods.gs
input init.gs
