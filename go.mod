module matador

go 1.26
