-- expect: measure: expected a function measure(item, proposal_width), got string
return {items = 2, measure = "auto"}
