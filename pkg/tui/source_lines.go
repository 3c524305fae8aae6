package tui

import "courtier/pkg/desk"

// pairs writes a kind's lines (desk.KindSpec.Lines, which desk.Get
// reads) as the label and value pairs the request's view shows.
func pairs(lines []desk.Line) [][2]string {
	out := make([][2]string, len(lines))
	for i, l := range lines {
		out[i] = [2]string{l.Label, l.Value}
	}
	return out
}

// orDash writes an empty value as a dash.
func orDash(v string) string {
	if v == "" {
		return "—"
	}
	return v
}
