package account

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestDeviceLabel(t *testing.T) {
	tests := []struct{ ua, want string }{
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome sur Windows"},
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1", "Safari sur iPhone"},
		{"Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox sur Linux"},
		{"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15", "Safari sur macOS"},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge sur Windows"},
		{"Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36", "Samsung Internet sur Android"},
		{"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", "Chrome sur Android"},
		{"Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1", "Chrome sur iPad"},
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15", "Firefox sur iPhone"},
		{"Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome sur ChromeOS"},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0", "Opera sur Windows"},
		{"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36", "Chrome sur Linux"},
		{"Mozilla/5.0 (Windows NT 10.0) Gecko", "Navigateur inconnu sur Windows"},
		{"Firefox/133.0", "Firefox"},
		{"curl/8.5.0", "Navigateur inconnu"},
		{"", "Navigateur inconnu"},
	}
	for _, tt := range tests {
		if got := DeviceLabel(tt.ua); got != tt.want {
			t.Errorf("DeviceLabel(%.60q) = %q, want %q", tt.ua, got, tt.want)
		}
	}
}

func TestCleanUserAgent(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"kept as is", "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0", "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0"},
		{"control characters", "Firefox\x00/1\r\n33\x1b[31m\x7f\u0085", "Firefox/1 33[31m"},
		{"bidi and invisible format characters", "Chrome\u202e/131\u200b\u2066", "Chrome/131"},
		{"spaces collapsed and trimmed", "  Mozilla/5.0 \t (X11)   ", "Mozilla/5.0 (X11)"},
		{"invalid UTF-8", "Safari\xff\xfe/605", "Safari/605"},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		if got := cleanUserAgent(tt.in); got != tt.want {
			t.Errorf("%s: cleanUserAgent(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
	for _, long := range []string{strings.Repeat("a", 600), strings.Repeat("é", 300), "x" + strings.Repeat("€", 200), strings.Repeat("a ", 400)} {
		got := cleanUserAgent(long)
		if len(got) > MaxUserAgentBytes || len(got) < MaxUserAgentBytes-3 || !utf8.ValidString(got) || strings.HasSuffix(got, " ") {
			t.Errorf("cut of %.10q…: %d bytes, valid %v, %.10q…", long, len(got), utf8.ValidString(got), got)
		}
	}
}
