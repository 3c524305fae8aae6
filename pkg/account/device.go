package account

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxUserAgentBytes bounds the User-Agent kept with a session: enough for
// every real browser (about 150 to 300 bytes), not a store for whatever a
// client sends.
const MaxUserAgentBytes = 512

// cleanUserAgent makes a User-Agent header safe to store and show: invalid
// UTF-8, control and invisible format characters removed (they could forge
// lines in the CLI's table or reorder text on /profile), runs of spaces
// collapsed, and the result cut to MaxUserAgentBytes on a character boundary.
func cleanUserAgent(ua string) string {
	ua = strings.ToValidUTF8(ua, "")
	var b strings.Builder
	space := false
	for _, r := range ua {
		switch {
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r):
			continue
		}
		if b.Len()+utf8.RuneLen(r)+boolInt(space) > MaxUserAgentBytes {
			break
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// agentRule maps a marker found in a User-Agent to a name shown in French.
type agentRule struct{ marker, name string }

// browsers are tried in order: many browsers also claim the names after
// their own (Edge and Opera say "Chrome", Chrome says "Safari").
var browsers = []agentRule{
	{"Edg/", "Edge"}, {"EdgA/", "Edge"}, {"EdgiOS/", "Edge"},
	{"OPR/", "Opera"}, {"OPX/", "Opera"},
	{"SamsungBrowser/", "Samsung Internet"},
	{"Firefox/", "Firefox"}, {"FxiOS/", "Firefox"},
	{"Chrome/", "Chrome"}, {"CriOS/", "Chrome"}, {"Chromium/", "Chrome"},
	{"Safari/", "Safari"},
}

// systems are tried in order: iPhones say "like Mac OS X", Android says "Linux".
var systems = []agentRule{
	{"iPhone", "iPhone"}, {"iPad", "iPad"}, {"iPod", "iPod"},
	{"Android", "Android"},
	{"CrOS", "ChromeOS"},
	{"Windows", "Windows"},
	{"Macintosh", "macOS"}, {"Mac OS X", "macOS"},
	{"Linux", "Linux"}, {"X11", "Linux"},
}

func firstMatch(ua string, rules []agentRule) string {
	for _, r := range rules {
		if strings.Contains(ua, r.marker) {
			return r.name
		}
	}
	return ""
}

// DeviceLabel names the browser and system of a User-Agent in French, as
// "Mes sessions" and `courtier users sessions` show them: "Chrome sur
// Windows", "Safari sur iPhone", "Firefox", "Navigateur inconnu".
func DeviceLabel(userAgent string) string {
	browser, system := firstMatch(userAgent, browsers), firstMatch(userAgent, systems)
	switch {
	case browser == "" && system == "":
		return "Navigateur inconnu"
	case browser == "":
		return "Navigateur inconnu sur " + system
	case system == "":
		return browser
	}
	return browser + " sur " + system
}
