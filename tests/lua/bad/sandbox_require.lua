-- args: --sandbox
-- expect: require "socket": loading modules is not available in the sandbox
require "socket"
