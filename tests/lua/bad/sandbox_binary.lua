-- args: --sandbox
-- expect: binary chunks are not available in the sandbox
load(string.dump(function() end), "x", "b")
