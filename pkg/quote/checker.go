package quote

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"courtier/pkg/apperr"
	"courtier/pkg/input"
)

// checker validates a draft field by field in the form's order and keeps
// the first error: the API answers one field, the first one to fix.
type checker struct {
	form *form
	now  time.Time
	// prefix is "details." while a product's details are checked, so the
	// field of an error is the dotted path the site maps to its input.
	prefix string
	err    *apperr.Error
}

// fail records an error on field unless an earlier field already failed.
func (c *checker) fail(field, format string, args ...any) {
	if c.err == nil {
		c.err = apperr.FieldErrorf(c.prefix+field, format, args...)
	}
}

// choice trims *v and requires one of list's values; what names the
// answer for "Choisissez …".
func (c *checker) choice(field string, v *string, list, what string) {
	*v = strings.TrimSpace(*v)
	if !c.form.has(list, *v) {
		c.fail(field, "Choisissez %s.", what)
	}
}

// text cleans *v with the rules of every free text (pkg/input) and
// requires a length within the limit's bounds; a message may keep its
// line breaks.
func (c *checker) text(field string, v *string, limit, what string, multiline bool) {
	lo, hi := c.form.bounds(limit)
	f := input.Field{
		Min: lo, Max: hi, Multiline: multiline,
		TooShort: fmt.Sprintf("Saisissez au moins %d caractères.", lo),
		TooLong:  fmt.Sprintf("Saisissez %s caractères au plus.", frInt(hi)),
		Invalid:  "Ce texte contient des caractères non autorisés.",
	}
	if lo > 0 {
		f.Required = fmt.Sprintf("Indiquez %s.", what)
	}
	clean, err := f.Clean(*v)
	*v = clean
	if err != nil {
		c.fail(field, "%s", apperr.MessageOf(err))
	}
}

// number requires *v within the limit's bounds.
func (c *checker) number(field string, v *int, limit, what string) {
	lo, hi := c.form.bounds(limit)
	c.between(field, v, lo, hi, what, "un nombre", frInt)
}

// optionalNumber accepts an absent value, else checks it as number does.
func (c *checker) optionalNumber(field string, v *int, limit, what string) {
	if v != nil {
		c.number(field, v, limit, what)
	}
}

// year requires *v between the limit's minimum and the current year.
func (c *checker) year(field string, v *int, limit, what string) {
	c.between(field, v, int(c.form.Limits[limit].Min), c.now.Year(), what, "une année", strconv.Itoa)
}

// between requires *v in [lo, hi]; kind and format word the message.
func (c *checker) between(field string, v *int, lo, hi int, what, kind string, format func(int) string) {
	switch {
	case v == nil:
		c.fail(field, "Indiquez %s.", what)
	case *v < lo || *v > hi:
		c.fail(field, "Saisissez %s entre %s et %s.", kind, format(lo), format(hi))
	}
}

// yesNo requires an answer to a yes-or-no question.
func (c *checker) yesNo(field string, v *bool, question string) {
	if v == nil {
		c.fail(field, "Indiquez %s.", question)
	}
}

// frInt writes n the French way, thousands separated by a narrow
// no-break space: 10 000 000.
func frInt(n int) string {
	if n < 0 {
		return "-" + frInt(-n)
	}
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "\u202f" + s[i:]
	}
	return s
}

// stripSpaces removes the spaces, dots and dashes people type inside
// numbers and codes: "69 002", "06.39.98.12.34".
func stripSpaces(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '.' || r == '-' {
			return -1
		}
		return r
	}, s)
}
