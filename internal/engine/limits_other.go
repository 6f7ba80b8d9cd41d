//go:build !js

package engine

import "matador/internal/search"

const (
	MaxHashMB  = 65536
	MaxThreads = search.MaxThreads
)
