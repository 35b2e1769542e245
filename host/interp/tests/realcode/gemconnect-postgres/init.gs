! Written for gs-mcp's corpus (not part of GemConnect for Postgres): the class
! initialisation and clean-up that src/private.topaz runs after its file-in
! (without `GsLibpq libraryPath:`, which names the Postgres library).
run
| dict |
dict := UserGlobals at: #GcfpInstallDict.
(dict at: #GsPostgresConnectionParameters) initialize .
(dict at: #GsPostgresResult) initialize .
(dict at: #GsPostgresWriteStream) initialize .
UserGlobals removeKey: #GcfpInstallDict ;
	    removeKey: #InstallInGlobals ifAbsent: [] .
true
%
