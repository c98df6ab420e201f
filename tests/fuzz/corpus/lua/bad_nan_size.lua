-- expect: items[2].height: expected a finite number, got nan
return {items = {{width = 1, height = 1}, {width = 1, height = 0/0}}}
