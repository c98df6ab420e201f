-- Ids that are not UTF-8, for tests/lua/run: the JSON, the SVG and the text
-- must stay valid UTF-8 (each byte that does not start a sequence becomes
-- U+FFFD) and parse. A stray continuation byte, a lone lead byte, an
-- overlong "/", a surrogate, a code point past U+10FFFF, a cut sequence, a
-- control character and U+FFFF (which XML cannot hold), beside a valid one.
return {
  items = {
    {id = "\xff\xfe", width = 10, height = 10},
    {id = "a\x80b", width = 10, height = 10},
    {id = "\xc0\xaf", width = 10, height = 10},
    {id = "\xed\xa0\x80", width = 10, height = 10},
    {id = "\xf4\x90\x80\x80", width = 10, height = 10},
    {id = "cut\xe2\x82", width = 10, height = 10},
    {id = "bell\x07", width = 10, height = 10},
    {id = "\xef\xbf\xbf", width = 10, height = 10},
    {id = "ok \xe2\x82\xac", width = 10, height = 10},
  },
  viewport = {width = 100, height = 100},
  gestures = {{"select", x = 5, y = 5}},
}
