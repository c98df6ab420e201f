-- expect: the script must return a canvas description (a table), got number
return 5
