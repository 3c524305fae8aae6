//go:build !race

package privacy

// raceDetector is off: the long-history test stores all 200,000 messages.
const raceDetector = false
