package engine

import "matador/internal/toolio"

// availableMemory is toolio.AvailableMemoryMB, a variable so that a test
// can play a small machine.
var availableMemory = toolio.AvailableMemoryMB

// availableMemoryMB estimates how many megabytes a new hash table may take
// (toolio.AvailableMemoryMB).
func availableMemoryMB() (int, bool) { return toolio.AvailableMemoryMB() }
