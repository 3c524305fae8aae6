package mail

import (
	"strings"
	"testing"
)

func TestParseServer(t *testing.T) {
	cases := []struct {
		in       string
		want     string
		implicit bool
		user     string
		err      string
	}{
		{in: "smtp://mail.example.com:587", want: "smtp://mail.example.com:587"},
		{in: "smtps://courtier:s3cr%40t@mail.example.com:465", want: "smtps://courtier@mail.example.com:465", implicit: true, user: "courtier"},
		{in: "smtp://[::1]:25", want: "smtp://[::1]:25"},
		{in: "http://mail.example.com:25", err: "scheme"},
		{in: "smtp://mail.example.com", err: "port"},
		{in: "smtp://mail.example.com:0", err: "bad host or port"},
		{in: "smtp://:25", err: "bad host or port"},
		{in: "smtp://mail.example.com:25/x", err: "no path"},
		{in: "smtp://courtier@mail.example.com:25", err: "both user and password"},
		{in: "smtp://courtier:hunter2@mail.example.com:25?x=1", err: "no path"},
		{in: "mail.example.com:25", err: "use smtp://"},
		{in: "", err: "invalid --smtp"},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			s, err := ParseServer(tc.in)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err %v, want %q", err, tc.err)
				}
				if strings.Contains(err.Error(), "hunter2") {
					t.Errorf("the password is in the message: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.String() != tc.want || s.Implicit != tc.implicit || s.User != tc.user {
				t.Errorf("%s implicit %v user %q", s, s.Implicit, s.User)
			}
			if tc.user != "" && s.Password != "s3cr@t" {
				t.Errorf("password %q", s.Password)
			}
		})
	}
}
