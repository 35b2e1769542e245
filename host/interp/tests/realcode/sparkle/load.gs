! Written for gs-mcp's corpus (not part of Sparkle): the two bootstrap files,
! which define everything in Globals, in order.
input bootstrapSparkle.gs
input bootstrapSparkleTests.gs
