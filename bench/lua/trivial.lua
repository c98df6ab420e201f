-- Start-up: the least a script can be. canvas-lua resolves the empty
-- description it returns (and prints it); lua5.4 just runs it.
return {items = 0}
