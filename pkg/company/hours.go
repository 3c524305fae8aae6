package company

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// span is one opening period of a day, in minutes after midnight on the
// wall clock of Paris: 9h00 - 18h00 is {540, 1080}.
type span struct{ open, close int }

// closedDay is how company.json writes a day without opening hours.
const closedDay = "fermé"

// clock is one time of day as the profile writes it: "9h00", "9h", "09h30",
// "9:00", "18:00".
var clock = regexp.MustCompile(`^(\d{1,2})(?:h(\d{2})?|:(\d{2}))$`)

// parseDay reads the opening hours of one day, as company.json writes them
// for people: "9h00 - 18h00", "9h - 12h", "9:00-18:00", several periods
// separated by commas ("9h00 - 12h00, 14h00 - 18h00"), or "Fermé". Spaces
// of any kind are ignored, so a typeset string reads the same. The periods
// must be in order and not overlap; a string that is none of these is an
// error rather than a day taken as closed, so a typo in the profile stops
// the server instead of silently moving every deadline.
func parseDay(text string) ([]span, error) {
	compact := strings.Join(strings.Fields(text), "")
	if strings.EqualFold(compact, closedDay) {
		return nil, nil
	}
	if compact == "" {
		return nil, errors.New(`horaires vides (attendu "9h00 - 18h00" ou "Fermé")`)
	}
	var spans []span
	for _, period := range strings.Split(compact, ",") {
		sp, err := parseSpan(period)
		if err != nil {
			return nil, fmt.Errorf("horaires %q illisibles: %w", text, err)
		}
		if n := len(spans); n > 0 && sp.open < spans[n-1].close {
			return nil, fmt.Errorf("horaires %q illisibles: les plages se chevauchent ou ne sont pas dans l’ordre", text)
		}
		spans = append(spans, sp)
	}
	return spans, nil
}

// parseSpan reads "9h00-18h00" (spaces already removed), with a hyphen or
// an en dash.
func parseSpan(period string) (span, error) {
	from, to, ok := strings.Cut(strings.ReplaceAll(period, "–", "-"), "-")
	if !ok {
		return span{}, fmt.Errorf(`%q n’est pas une plage "début - fin"`, period)
	}
	open, err := parseClock(from)
	if err != nil {
		return span{}, err
	}
	closing, err := parseClock(to)
	if err != nil {
		return span{}, err
	}
	if open >= closing {
		return span{}, fmt.Errorf("la plage %q finit avant de commencer", period)
	}
	return span{open, closing}, nil
}

// parseClock reads one time of day, 0h00 to 24h00, in minutes.
func parseClock(s string) (int, error) {
	m := clock.FindStringSubmatch(s)
	if m == nil {
		return 0, fmt.Errorf(`%q n’est pas une heure (attendu "9h00", "9h" ou "9:00")`, s)
	}
	hour, _ := strconv.Atoi(m[1])
	minute := 0
	if digits := m[2] + m[3]; digits != "" {
		minute, _ = strconv.Atoi(digits)
	}
	if hour > 24 || minute > 59 || (hour == 24 && minute > 0) {
		return 0, fmt.Errorf("%q n’est pas une heure de la journée", s)
	}
	return hour*60 + minute, nil
}
