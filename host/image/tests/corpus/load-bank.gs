! Loads the banking corpus, as a project's load.gs would: each file by
! `input`, in an order that is deliberately not the dependency order
! (SavingsAccount before its superclass Account).
input bank/00-dictionaries.gs
input bank/SavingsAccount.gs
input bank/Account.gs
input bank/BankEntity.gs
input bank/Transaction.gs
input bank/Ledger.gs
input bank/AccountNumber.gs
input bank/Bank.gs
input bank/BankTest.gs
input bank/Account.gs
commit
