! Acme: the order and inventory application of the fictional Acme company,
! the Smalltalk side of the acme_db example toolset (plugins/acme_db).
!
! File it into an embedded image with
!   gs-mcp image load --image PATH plugins/acme_db/acme.gs
! Filing it in again is harmless: the dictionary is created only when
! missing, class definitions of the same shape change nothing, and every
! method is replaced by itself.
!
! Money is held in integer cents so that totals are exact.
fileformat utf8
set compile_env: 0
doit
System myUserProfile symbolList createDictionaryNamed: #Acme at: 1.
true.
%
! ------------------- Class definitions
expectvalue /Class
doit
Error subclass: 'AcmeError'
  instVarNames: #()
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Acme
  options: #()
%
expectvalue /Class
doit
AcmeError subclass: 'AcmeOutOfStock'
  instVarNames: #( sku requested available)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Acme
  options: #()
%
expectvalue /Class
doit
Object subclass: 'AcmeProduct'
  instVarNames: #( sku name category priceCents)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Acme
  options: #()
%
expectvalue /Class
doit
Object subclass: 'AcmeCustomer'
  instVarNames: #( name email tier orders)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Acme
  options: #()
%
expectvalue /Class
doit
Object subclass: 'AcmeOrder'
  instVarNames: #( number customer lines status)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Acme
  options: #()
%
expectvalue /Class
doit
Object subclass: 'AcmeOrderLine'
  instVarNames: #( product quantity unitPriceCents)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Acme
  options: #()
%
expectvalue /Class
doit
Object subclass: 'AcmeInventory'
  instVarNames: #( stock)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Acme
  options: #()
%
expectvalue /Class
doit
Object subclass: 'AcmeStore'
  instVarNames: #( products customers orders inventory)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Acme
  options: #()
%
expectvalue /Class
doit
TestCase subclass: 'AcmeOrderTest'
  instVarNames: #( store)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Acme
  options: #()
%
expectvalue /Class
doit
TestCase subclass: 'AcmeInventoryTest'
  instVarNames: #( inventory)
  classVars: #()
  classInstVars: #()
  poolDictionaries: #()
  inDictionary: Acme
  options: #()
%
! ------------------- Comments and categories
doit
AcmeError comment:
'AcmeError is the root of the errors the Acme application signals, so a
caller can handle every Acme failure with one handler.'.
AcmeError category: 'Acme-Core'.
AcmeOutOfStock comment:
'AcmeOutOfStock is signalled when an order asks for more units of a product
than the inventory holds: sku names the product, requested what was asked
for and available what the inventory had.'.
AcmeOutOfStock category: 'Acme-Core'.
AcmeProduct comment:
'An AcmeProduct is one article Acme sells. sku is its stock-keeping unit
(unique, e.g. ''ANV-100''), name what a customer reads, category its
catalogue section (a Symbol such as #tools) and priceCents its list price
in cents.'.
AcmeProduct category: 'Acme-Catalogue'.
AcmeCustomer comment:
'An AcmeCustomer buys from Acme. tier is #standard, #silver or #gold; gold
customers get a discount on large orders (see AcmeOrder>>discountCents).
orders holds the customer''s AcmeOrders, oldest first.'.
AcmeCustomer category: 'Acme-Sales'.
AcmeOrder comment:
'An AcmeOrder is what a customer asked for: a number, the customer, its
AcmeOrderLines and a status, one of #open, #shipped or #cancelled. Only an
open order can change. totalCents is what the customer pays, after the
discount their tier earns.'.
AcmeOrder category: 'Acme-Sales'.
AcmeOrderLine comment:
'An AcmeOrderLine is a quantity of one product on an order, with the unit
price in cents as it was when the line was added, so later price changes
do not alter placed orders.'.
AcmeOrderLine category: 'Acme-Sales'.
AcmeInventory comment:
'AcmeInventory counts the units on hand per product. stock maps a sku to
its quantity. reserve:quantity: takes units out for an order and signals
AcmeOutOfStock when too few are left; receive:quantity: puts them back.'.
AcmeInventory category: 'Acme-Warehouse'.
AcmeStore comment:
'AcmeStore is the root of the Acme application: its products (by sku),
customers (by name), orders (by number) and inventory. AcmeStore sample
builds the demonstration data the acme_db toolset queries; the report
methods answer tab-separated lines, one record per line, for tools that
read them.'.
AcmeStore category: 'Acme-Core'.
AcmeOrderTest comment:
'SUnit tests of AcmeOrder totals, discounts and status changes, on the
sample store.'.
AcmeOrderTest category: 'Acme-Tests'.
AcmeInventoryTest comment:
'SUnit tests of AcmeInventory reservations and low-stock reporting.'.
AcmeInventoryTest category: 'Acme-Tests'.
true.
%
! ------------------- Remove existing behavior
removeallmethods AcmeError
removeallclassmethods AcmeError
removeallmethods AcmeOutOfStock
removeallclassmethods AcmeOutOfStock
removeallmethods AcmeProduct
removeallclassmethods AcmeProduct
removeallmethods AcmeCustomer
removeallclassmethods AcmeCustomer
removeallmethods AcmeOrder
removeallclassmethods AcmeOrder
removeallmethods AcmeOrderLine
removeallclassmethods AcmeOrderLine
removeallmethods AcmeInventory
removeallclassmethods AcmeInventory
removeallmethods AcmeStore
removeallclassmethods AcmeStore
removeallmethods AcmeOrderTest
removeallclassmethods AcmeOrderTest
removeallmethods AcmeInventoryTest
removeallclassmethods AcmeInventoryTest
! ------------------- AcmeOutOfStock
category: 'instance creation'
classmethod: AcmeOutOfStock
sku: aString requested: requestedCount available: availableCount
	^self new setSku: aString requested: requestedCount available: availableCount
%
category: 'accessing'
method: AcmeOutOfStock
available
	^available
%
category: 'accessing'
method: AcmeOutOfStock
requested
	^requested
%
category: 'accessing'
method: AcmeOutOfStock
sku
	^sku
%
category: 'initialization'
method: AcmeOutOfStock
setSku: aString requested: requestedCount available: availableCount
	sku := aString.
	requested := requestedCount.
	available := availableCount.
	self messageText: 'only ' , availableCount printString , ' of ' , aString , ' in stock, '
		, requestedCount printString , ' requested'
%
! ------------------- AcmeProduct
category: 'instance creation'
classmethod: AcmeProduct
sku: aString name: nameString category: aSymbol priceCents: anInteger
	^self new setSku: aString name: nameString category: aSymbol priceCents: anInteger
%
category: 'accessing'
method: AcmeProduct
category
	^category
%
category: 'accessing'
method: AcmeProduct
name
	^name
%
category: 'accessing'
method: AcmeProduct
priceCents
	^priceCents
%
category: 'accessing'
method: AcmeProduct
priceCents: anInteger
	anInteger < 0 ifTrue: [^AcmeError signal: 'a price cannot be negative'].
	priceCents := anInteger
%
category: 'accessing'
method: AcmeProduct
sku
	^sku
%
category: 'initialization'
method: AcmeProduct
setSku: aString name: nameString category: aSymbol priceCents: anInteger
	sku := aString.
	name := nameString.
	category := aSymbol.
	priceCents := anInteger
%
category: 'printing'
method: AcmeProduct
printOn: aStream
	aStream nextPutAll: 'AcmeProduct('; nextPutAll: sku; nextPutAll: ')'
%
! ------------------- AcmeCustomer
category: 'instance creation'
classmethod: AcmeCustomer
name: aString email: emailString tier: aSymbol
	^self new setName: aString email: emailString tier: aSymbol
%
category: 'accessing'
method: AcmeCustomer
email
	^email
%
category: 'accessing'
method: AcmeCustomer
name
	^name
%
category: 'accessing'
method: AcmeCustomer
orders
	^orders
%
category: 'accessing'
method: AcmeCustomer
tier
	^tier
%
category: 'initialization'
method: AcmeCustomer
setName: aString email: emailString tier: aSymbol
	name := aString.
	email := emailString.
	tier := aSymbol.
	orders := OrderedCollection new
%
category: 'orders'
method: AcmeCustomer
addOrder: anOrder
	orders add: anOrder.
	^anOrder
%
category: 'orders'
method: AcmeCustomer
totalSpentCents
	"What the customer paid for every order not cancelled."
	^(orders reject: [:each | each isCancelled])
		inject: 0 into: [:sum :each | sum + each totalCents]
%
category: 'testing'
method: AcmeCustomer
isGold
	^tier == #gold
%
category: 'printing'
method: AcmeCustomer
printOn: aStream
	aStream nextPutAll: 'AcmeCustomer('; nextPutAll: name; nextPutAll: ')'
%
! ------------------- AcmeOrderLine
category: 'instance creation'
classmethod: AcmeOrderLine
product: aProduct quantity: anInteger
	^self new setProduct: aProduct quantity: anInteger
%
category: 'accessing'
method: AcmeOrderLine
product
	^product
%
category: 'accessing'
method: AcmeOrderLine
quantity
	^quantity
%
category: 'accessing'
method: AcmeOrderLine
sku
	^product sku
%
category: 'accessing'
method: AcmeOrderLine
unitPriceCents
	^unitPriceCents
%
category: 'initialization'
method: AcmeOrderLine
setProduct: aProduct quantity: anInteger
	anInteger < 1 ifTrue: [^AcmeError signal: 'a line needs at least one unit'].
	product := aProduct.
	quantity := anInteger.
	unitPriceCents := aProduct priceCents
%
category: 'pricing'
method: AcmeOrderLine
totalCents
	^unitPriceCents * quantity
%
! ------------------- AcmeOrder
category: 'instance creation'
classmethod: AcmeOrder
number: anInteger customer: aCustomer
	^self new setNumber: anInteger customer: aCustomer
%
category: 'accessing'
method: AcmeOrder
customer
	^customer
%
category: 'accessing'
method: AcmeOrder
lines
	^lines
%
category: 'accessing'
method: AcmeOrder
number
	^number
%
category: 'accessing'
method: AcmeOrder
status
	^status
%
category: 'initialization'
method: AcmeOrder
setNumber: anInteger customer: aCustomer
	number := anInteger.
	customer := aCustomer.
	lines := OrderedCollection new.
	status := #open
%
category: 'lines'
method: AcmeOrder
addProduct: aProduct quantity: anInteger
	self isOpen ifFalse: [^AcmeError signal: 'order ' , number printString , ' is ' , status].
	^lines add: (AcmeOrderLine product: aProduct quantity: anInteger)
%
category: 'lines'
method: AcmeOrder
itemCount
	^lines inject: 0 into: [:sum :each | sum + each quantity]
%
category: 'pricing'
method: AcmeOrder
discountCents
	"Gold customers get 10% off orders of 100.00 or more, rounded down to the cent."
	^(customer isGold and: [self subtotalCents >= 10000])
		ifTrue: [self subtotalCents // 10]
		ifFalse: [0]
%
category: 'pricing'
method: AcmeOrder
subtotalCents
	^lines inject: 0 into: [:sum :each | sum + each totalCents]
%
category: 'pricing'
method: AcmeOrder
totalCents
	^self subtotalCents - self discountCents
%
category: 'status'
method: AcmeOrder
cancel
	status == #shipped ifTrue: [^AcmeError signal: 'order ' , number printString , ' has shipped'].
	status := #cancelled
%
category: 'status'
method: AcmeOrder
shipFrom: anInventory
	"Take every line's units out of anInventory and mark the order shipped;
	 signals AcmeOutOfStock, leaving the inventory unchanged, when a line
	 cannot be met."
	self isOpen ifFalse: [^AcmeError signal: 'order ' , number printString , ' is ' , status].
	lines do: [:each |
		(anInventory canReserve: each sku quantity: each quantity) ifFalse: [
			^(AcmeOutOfStock
				sku: each sku
				requested: each quantity
				available: (anInventory quantityOf: each sku)) signal]].
	lines do: [:each | anInventory reserve: each sku quantity: each quantity].
	status := #shipped
%
category: 'testing'
method: AcmeOrder
isCancelled
	^status == #cancelled
%
category: 'testing'
method: AcmeOrder
isOpen
	^status == #open
%
category: 'printing'
method: AcmeOrder
printOn: aStream
	aStream nextPutAll: 'AcmeOrder('; print: number; nextPutAll: ')'
%
! ------------------- AcmeInventory
category: 'instance creation'
classmethod: AcmeInventory
new
	^super new initialize
%
category: 'initialization'
method: AcmeInventory
initialize
	stock := Dictionary new
%
category: 'querying'
method: AcmeInventory
lowStock: threshold
	"The skus with fewer than threshold units on hand, sorted."
	^((stock keys select: [:sku | (stock at: sku) < threshold])
		asSortedCollection: [:a :b | a <= b]) asArray
%
category: 'querying'
method: AcmeInventory
quantityOf: sku
	^stock at: sku ifAbsent: [0]
%
category: 'stock'
method: AcmeInventory
canReserve: sku quantity: anInteger
	^(self quantityOf: sku) >= anInteger
%
category: 'stock'
method: AcmeInventory
receive: sku quantity: anInteger
	anInteger < 0 ifTrue: [^AcmeError signal: 'cannot receive a negative quantity'].
	stock at: sku put: (self quantityOf: sku) + anInteger
%
category: 'stock'
method: AcmeInventory
reserve: sku quantity: anInteger
	(self canReserve: sku quantity: anInteger) ifFalse: [
		^(AcmeOutOfStock sku: sku requested: anInteger available: (self quantityOf: sku)) signal].
	stock at: sku put: (self quantityOf: sku) - anInteger
%
! ------------------- AcmeStore
category: 'instance creation'
classmethod: AcmeStore
new
	^super new initialize
%
category: 'instance creation'
classmethod: AcmeStore
current
	"The store the acme_db queries read. The embedded image keeps code, not
	 application objects, so this is the sample data, built afresh."
	^self sample
%
category: 'instance creation'
classmethod: AcmeStore
sample
	"Five products, three customers, four orders (one shipped, one cancelled)."
	| store |
	store := self new.
	store
		addProduct: (AcmeProduct sku: 'ANV-100' name: 'Anvil, 100 lb' category: #tools priceCents: 12999);
		addProduct: (AcmeProduct sku: 'RKT-SK' name: 'Rocket skates' category: #transport priceCents: 24950);
		addProduct: (AcmeProduct sku: 'SPR-LG' name: 'Giant spring' category: #tools priceCents: 1575);
		addProduct: (AcmeProduct sku: 'BSD-1KG' name: 'Bird seed, 1 kg' category: #bait priceCents: 450);
		addProduct: (AcmeProduct sku: 'TNT-12' name: 'Dynamite, box of 12' category: #explosives priceCents: 8900).
	store inventory
		receive: 'ANV-100' quantity: 4;
		receive: 'RKT-SK' quantity: 12;
		receive: 'SPR-LG' quantity: 40;
		receive: 'BSD-1KG' quantity: 3;
		receive: 'TNT-12' quantity: 0.
	store
		addCustomer: (AcmeCustomer name: 'Wile E. Coyote' email: 'wile@desert.example' tier: #gold);
		addCustomer: (AcmeCustomer name: 'Elmer Fudd' email: 'elmer@woods.example' tier: #silver);
		addCustomer: (AcmeCustomer name: 'Marvin' email: 'marvin@mars.example' tier: #standard).
	(store placeOrderFor: 'Wile E. Coyote' items: #(#('ANV-100' 1) #('SPR-LG' 2)))
		shipFrom: store inventory.
	store placeOrderFor: 'Wile E. Coyote' items: #(#('RKT-SK' 2) #('BSD-1KG' 5)).
	(store placeOrderFor: 'Elmer Fudd' items: #(#('TNT-12' 1))) cancel.
	store placeOrderFor: 'Elmer Fudd' items: #(#('SPR-LG' 4) #('BSD-1KG' 1)).
	^store
%
category: 'accessing'
method: AcmeStore
customerNamed: aString
	^customers at: aString ifAbsent: [nil]
%
category: 'accessing'
method: AcmeStore
customers
	^customers
%
category: 'accessing'
method: AcmeStore
inventory
	^inventory
%
category: 'accessing'
method: AcmeStore
orders
	^orders
%
category: 'accessing'
method: AcmeStore
productAt: sku
	^products at: sku ifAbsent: [nil]
%
category: 'accessing'
method: AcmeStore
products
	^products
%
category: 'initialization'
method: AcmeStore
initialize
	products := Dictionary new.
	customers := Dictionary new.
	orders := OrderedCollection new.
	inventory := AcmeInventory new
%
category: 'catalogue'
method: AcmeStore
addCustomer: aCustomer
	^customers at: aCustomer name put: aCustomer
%
category: 'catalogue'
method: AcmeStore
addProduct: aProduct
	^products at: aProduct sku put: aProduct
%
category: 'orders'
method: AcmeStore
ordersFor: customerName
	^orders select: [:each | each customer name = customerName]
%
category: 'orders'
method: AcmeStore
placeOrderFor: customerName items: pairs
	"pairs is a collection of (sku quantity) pairs."
	| customer order |
	customer := self customerNamed: customerName.
	customer isNil ifTrue: [^AcmeError signal: 'no customer named ' , customerName].
	order := AcmeOrder number: orders size + 1001 customer: customer.
	pairs do: [:pair | | product |
		product := self productAt: pair first.
		product isNil ifTrue: [^AcmeError signal: 'no product ' , pair first].
		order addProduct: product quantity: pair last].
	orders add: order.
	^customer addOrder: order
%
category: 'orders'
method: AcmeStore
unitsSoldOf: sku
	"Units of sku on orders that were not cancelled."
	^(orders reject: [:each | each isCancelled])
		inject: 0 into: [:sum :order |
			order lines inject: sum into: [:acc :line |
				line sku = sku ifTrue: [acc + line quantity] ifFalse: [acc]]]
%
category: 'reports'
method: AcmeStore
lowStockReport: threshold
	"One line per product with fewer than threshold units: sku, name, units on hand."
	| out |
	out := WriteStream on: String new.
	(inventory lowStock: threshold) do: [:sku |
		out nextPutAll: sku; tab;
			nextPutAll: (self productAt: sku) name; tab;
			print: (inventory quantityOf: sku); lf].
	^out contents
%
category: 'reports'
method: AcmeStore
orderReportFor: customerName
	"nil when there is no such customer; otherwise, for each of the customer's
	 orders, an order line (order, number, status, total cents) followed by
	 its lines (line, sku, quantity, line total cents)."
	| customer out |
	customer := self customerNamed: customerName.
	customer isNil ifTrue: [^nil].
	out := WriteStream on: String new.
	customer orders do: [:order |
		out nextPutAll: 'order'; tab; print: order number; tab;
			nextPutAll: order status; tab; print: order totalCents; lf.
		order lines do: [:line |
			out nextPutAll: 'line'; tab; nextPutAll: line sku; tab;
				print: line quantity; tab; print: line totalCents; lf]].
	^out contents
%
category: 'reports'
method: AcmeStore
salesReport
	"One line per product, best revenue first: sku, name, units sold, revenue in cents
	 (list price times units, before discounts)."
	| rows out |
	rows := products asArray collect: [:product | | units |
		units := self unitsSoldOf: product sku.
		Array with: product with: units with: units * product priceCents].
	rows := rows asSortedCollection: [:a :b |
		(a at: 3) > (b at: 3) or: [(a at: 3) = (b at: 3) and: [(a at: 1) sku <= (b at: 1) sku]]].
	out := WriteStream on: String new.
	rows do: [:row |
		out nextPutAll: (row at: 1) sku; tab; nextPutAll: (row at: 1) name; tab;
			print: (row at: 2); tab; print: (row at: 3); lf].
	^out contents
%
! ------------------- AcmeOrderTest
category: 'running'
method: AcmeOrderTest
setUp
	store := AcmeStore sample
%
category: 'tests'
method: AcmeOrderTest
testCancelledOrdersDoNotCount
	| elmer |
	elmer := store customerNamed: 'Elmer Fudd'.
	self assert: elmer orders first isCancelled.
	self assert: elmer totalSpentCents equals: 6750
%
category: 'tests'
method: AcmeOrderTest
testGoldDiscount
	| order |
	order := (store ordersFor: 'Wile E. Coyote') last.
	self assert: order subtotalCents equals: 52150.
	self assert: order discountCents equals: 5215.
	self assert: order totalCents equals: 46935
%
category: 'tests'
method: AcmeOrderTest
testShippedOrderCannotChange
	| order |
	order := (store ordersFor: 'Wile E. Coyote') first.
	self assert: order status equals: #shipped.
	self should: [order addProduct: (store productAt: 'ANV-100') quantity: 1] raise: AcmeError.
	self should: [order cancel] raise: AcmeError
%
category: 'tests'
method: AcmeOrderTest
testUnknownProductIsRefused
	self
		should: [store placeOrderFor: 'Marvin' items: #(#('NOPE' 1))]
		raise: AcmeError
%
! ------------------- AcmeInventoryTest
category: 'running'
method: AcmeInventoryTest
setUp
	inventory := AcmeInventory new.
	inventory receive: 'ANV-100' quantity: 2; receive: 'SPR-LG' quantity: 9
%
category: 'tests'
method: AcmeInventoryTest
testLowStock
	self assert: (inventory lowStock: 3) equals: #('ANV-100').
	self assert: (inventory lowStock: 10) equals: #('ANV-100' 'SPR-LG')
%
category: 'tests'
method: AcmeInventoryTest
testReserve
	inventory reserve: 'ANV-100' quantity: 2.
	self assert: (inventory quantityOf: 'ANV-100') equals: 0
%
category: 'tests'
method: AcmeInventoryTest
testReserveMoreThanStockFails
	self should: [inventory reserve: 'ANV-100' quantity: 3] raise: AcmeOutOfStock.
	self assert: (inventory quantityOf: 'ANV-100') equals: 2
%
