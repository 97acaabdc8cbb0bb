package sanitize

import (
	"sync"
	"sync/atomic"
)

// A cache keeps up to max values by key; when full, a new value replaces
// the oldest. String and Bytes use one to find a configuration compiled,
// and the automata are shared through another: bounded, so that a program
// that makes endless configurations does not keep them all (issue 12).
//
// Reads take no lock and do not allocate: they look up an immutable map.
// A miss builds the value and stores a new map under a lock; building is
// dear anyway, and misses are rare once a program's configurations are in.
type cache[K comparable, V any] struct {
	max   int
	mu    sync.Mutex
	m     atomic.Pointer[map[K]V]
	order []K // keys from oldest to newest, under mu
}

func (c *cache[K, V]) get(k K) (v V, ok bool) {
	if m := c.m.Load(); m != nil {
		v, ok = (*m)[k]
	}
	return v, ok
}

// getOrBuild returns the value kept for k, or builds, keeps and returns
// one.
func (c *cache[K, V]) getOrBuild(k K, build func() V) V {
	if v, ok := c.get(k); ok {
		return v
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.get(k); ok { // built while this call waited
		return v
	}
	v := build()
	old := c.m.Load()
	m := make(map[K]V, c.max)
	if old != nil {
		for k, v := range *old {
			m[k] = v
		}
	}
	if len(c.order) >= c.max {
		delete(m, c.order[0])
		c.order = append(c.order[:0], c.order[1:]...)
	}
	m[k] = v
	c.order = append(c.order, k)
	c.m.Store(&m)
	return v
}

// len returns how many values are kept.
func (c *cache[K, V]) len() int {
	if m := c.m.Load(); m != nil {
		return len(*m)
	}
	return 0
}
