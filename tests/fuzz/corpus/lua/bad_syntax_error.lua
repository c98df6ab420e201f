-- expect: syntax_error.lua:3: unexpected symbol near <eof>
return {
