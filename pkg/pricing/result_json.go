package pricing

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// The JSON of a Result, written by hand: a pricing saved and answered by
// POST /api/prices is 21 KB of JSON, most of it French text (traces,
// guarantees), and encoding/json, walking the types by reflection and
// decoding every accented letter, spent a sixth of the server's time on
// it under load (issue 39).

// AppendJSON appends r's JSON to dst, byte for byte what encoding/json
// writes for it (json.Marshal: HTML characters escaped), and returns the
// extended buffer. It is no MarshalJSON method on purpose: the types that
// embed a *Result (instant.Quote) would take it as theirs and lose their
// own fields.
func (r *Result) AppendJSON(dst []byte) []byte {
	if r == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, `{"product":`...)
	dst = AppendJSONString(dst, r.Product)
	dst = append(dst, `,"prices":`...)
	if r.Prices == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i := range r.Prices {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = r.Prices[i].appendJSON(dst)
		}
		dst = append(dst, ']')
	}
	dst = append(dst, `,"recommended":`...)
	if rec := r.Recommended; rec == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, `{"id":`...)
		dst = AppendJSONString(dst, rec.ID)
		dst = append(dst, `,"insurer":`...)
		dst = AppendJSONString(dst, rec.Insurer)
		dst = append(dst, `,"formula":`...)
		dst = AppendJSONString(dst, rec.Formula)
		dst = append(dst, `,"reason":`...)
		dst = AppendJSONString(dst, rec.Reason)
		dst = append(dst, '}')
	}
	dst = append(dst, `,"tariffVersion":`...)
	dst = AppendJSONString(dst, r.TariffVersion)
	dst = append(dst, `,"validDays":`...)
	dst = strconv.AppendInt(dst, int64(r.ValidDays), 10)
	dst = append(dst, `,"validUntil":`...)
	dst = AppendJSONString(dst, r.ValidUntil)
	dst = append(dst, `,"disclaimer":`...)
	dst = AppendJSONString(dst, r.Disclaimer)
	if len(r.Notes) > 0 {
		dst = append(dst, `,"notes":`...)
		dst = appendJSONStrings(dst, r.Notes)
	}
	return append(dst, '}')
}

// appendJSON appends p's JSON, as encoding/json writes it.
func (p *Price) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"id":`...)
	dst = AppendJSONString(dst, p.ID)
	dst = append(dst, `,"insurer":`...)
	dst = AppendJSONString(dst, p.Insurer)
	dst = append(dst, `,"insurerId":`...)
	dst = AppendJSONString(dst, p.InsurerID)
	dst = append(dst, `,"formula":`...)
	dst = AppendJSONString(dst, p.Formula)
	dst = append(dst, `,"formulaId":`...)
	dst = AppendJSONString(dst, p.FormulaID)
	dst = append(dst, `,"rank":`...)
	dst = strconv.AppendInt(dst, int64(p.Rank), 10)
	dst = append(dst, `,"premiumCents":`...)
	dst = strconv.AppendInt(dst, p.PremiumCents, 10)
	dst = append(dst, `,"taxesCents":`...)
	dst = strconv.AppendInt(dst, p.TaxesCents, 10)
	dst = append(dst, `,"yearlyCents":`...)
	dst = strconv.AppendInt(dst, p.YearlyCents, 10)
	dst = append(dst, `,"monthlyCents":`...)
	dst = strconv.AppendInt(dst, p.MonthlyCents, 10)
	dst = append(dst, `,"periodDays":`...)
	dst = strconv.AppendInt(dst, int64(p.PeriodDays), 10)
	dst = append(dst, `,"deductibleCents":`...)
	dst = strconv.AppendInt(dst, p.DeductibleCents, 10)
	dst = append(dst, `,"deductibles":`...)
	if p.Deductibles == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i, d := range p.Deductibles {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, `{"id":`...)
			dst = AppendJSONString(dst, d.ID)
			dst = append(dst, `,"label":`...)
			dst = AppendJSONString(dst, d.Label)
			dst = append(dst, `,"cents":`...)
			dst = strconv.AppendInt(dst, d.Cents, 10)
			if d.Main {
				dst = append(dst, `,"main":true`...)
			}
			dst = append(dst, '}')
		}
		dst = append(dst, ']')
	}
	dst = append(dst, `,"guarantees":`...)
	dst = appendJSONStrings(dst, p.Guarantees)
	if len(p.Options) > 0 {
		dst = append(dst, `,"options":`...)
		dst = appendJSONStrings(dst, p.Options)
	}
	dst = append(dst, `,"trace":`...)
	dst = appendJSONStrings(dst, p.Trace)
	return append(dst, '}')
}

// appendJSONStrings appends a list of strings as encoding/json writes it
// (null for a nil list).
func appendJSONStrings(dst []byte, list []string) []byte {
	if list == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i, s := range list {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendJSONString(dst, s)
	}
	return append(dst, ']')
}

// AppendJSONString appends s as a JSON string, byte for byte what
// encoding/json writes for it. Text that needs no escape, which is nearly
// all the engine writes, is copied at once; anything else is left to
// encoding/json, so that its escapes are never a second implementation
// of its rules.
func AppendJSONString(dst []byte, s string) []byte {
	if !jsonVerbatim(s) {
		q, _ := json.Marshal(s) // a string always encodes
		return append(dst, q...)
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// jsonEscapes marks the ASCII that encoding/json escapes: control
// characters, " and \, and < > & for HTML.
var jsonEscapes = func() (t [utf8.RuneSelf]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	for _, c := range []byte{'"', '\\', '<', '>', '&'} {
		t[c] = true
	}
	return t
}()

// jsonVerbatim tells whether encoding/json writes s between quotes
// unchanged: none of the ASCII it escapes, valid UTF-8 (it writes an
// invalid byte as \ufffd) and neither U+2028 nor U+2029 (escaped too). One
// pass, the letters of two and three bytes (é, ’, €) checked where they
// stand: decoding each, and checking the UTF-8 apart, took twice as long.
func jsonVerbatim(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c < utf8.RuneSelf:
			if jsonEscapes[c] {
				return false
			}
			i++
		case c >= 0xC2 && c <= 0xDF && i+1 < len(s) && s[i+1]&0xC0 == 0x80:
			i += 2
		case c >= 0xE0 && c <= 0xEF && i+2 < len(s) && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80:
			c1 := s[i+1]
			if c == 0xE0 && c1 < 0xA0 || // overlong
				c == 0xED && c1 > 0x9F || // a surrogate
				c == 0xE2 && c1 == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9) { // U+2028, U+2029
				return false
			}
			i += 3
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				return false
			}
			i += size
		}
	}
	return true
}
