! Banking corpus: the symbol dictionaries and globals the classes rely on.
! A loader files this first; every class below lives in Banking and
! shares the BankConstants pool.
fileformat utf8
set compile_env: 0
doit
System myUserProfile symbolList createDictionaryNamed: #Banking at: 1.
System myUserProfile symbolList createDictionaryNamed: #BankConstants at: 2.
true.
%
doit
BankConstants at: #MinimumBalance put: 100.
BankConstants at: #CurrencyCode put: 'EUR'.
BankConstants at: #DefaultRate put: 0.025.
BankConstants at: #Overdraft put: #refuse.
%
doit
UserGlobals at: #BankTrace put: false
%
