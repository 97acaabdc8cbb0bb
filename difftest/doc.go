// Package difftest holds differential tests of package sanitize against
// implementations nobody there wrote. It is a module of its own so that
// their dependencies never reach the library's users.
package difftest
