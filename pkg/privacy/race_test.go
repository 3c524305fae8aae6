//go:build race

package privacy

// raceDetector is on: the pure-Go SQLite runs some 20 times slower under
// it, so the long-history test checks a tenth of the history there; the
// Makefile runs it in full without the detector.
const raceDetector = true
