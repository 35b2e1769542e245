! Written for gs-mcp's corpus (not part of Jasper): what Jasper's Enhanced
! Inspector installer does (client/src/enhancedInspector/enhancedInspectorInstall.ts,
! PREPARE_DICTIONARY_SNIPPET, without the legacy migration), then the payload
! files in its order (ENHANCED_INSPECTOR_FILES).
run
| sym prof list dict |
sym := #GsEnhancedInspector.
prof := System myUserProfile.
list := prof symbolList.
dict := list detect: [:d | d name == sym] ifNone: [nil].
dict isNil ifTrue: [
	dict := SymbolDictionary new name: sym; yourself.
	dict at: sym put: dict.
	prof insertDictionary: dict at: list size + 1 ].
AllUsers do: [:p |
	(p symbolList detect: [:d | d name == sym] ifNone: [nil]) isNil
		ifTrue: [ p insertDictionary: dict at: p symbolList size + 1 ] ].
'ok'
%
input Announcements.gs
input RemoteServiceReplication.gs
input STON.gs
input patch-gemstone.gs
input gtoolkit-wireencoding.gs
input gt4gemstone.gs
input gtoolkit-remote.gs
