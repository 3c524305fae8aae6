package quote

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode"

	"courtier/pkg/apperr"
	"courtier/pkg/input"
)

// newDetails returns the empty details of product p, nil for an unknown product.
func newDetails(p Product) Details {
	switch p {
	case ProductCar:
		return &Car{}
	case ProductHome:
		return &Home{}
	case ProductHealth:
		return &Health{}
	case ProductLife:
		return &Life{}
	case ProductPro:
		return &Pro{}
	case ProductVTC:
		return &VTC{}
	case ProductFleet:
		return &Fleet{}
	case ProductTemp:
		return &Temp{}
	}
	return nil
}

// validate checks a draft at the time now and returns the request it
// describes, normalised (trimmed texts, canonical phone), without id, owner,
// status or dates; an error names the first field to fix.
func (f *form) validate(d Draft, now time.Time) (*Request, error) {
	p := Product(strings.TrimSpace(d.Product))
	details := newDetails(p)
	if details == nil {
		return nil, apperr.FieldErrorf("product", "Choisissez l’assurance pour laquelle vous souhaitez un devis.")
	}
	if err := decodeDetails(d.Details, details); err != nil {
		return nil, err
	}
	c := &checker{form: f, now: now, prefix: "details."}
	details.check(c)
	c.prefix = ""
	contact := d.Contact
	c.contact(&contact)
	message := d.Message
	c.text("message", &message, "message", "votre message", true)
	if c.err != nil {
		return nil, c.err
	}
	return &Request{Product: p, Details: details, Contact: contact, Message: message}, nil
}

// decodeDetails reads the product's answers into dst, refusing fields the
// product does not ask for; a missing or null object leaves every answer
// missing, which the checks then name one by one.
func decodeDetails(raw json.RawMessage, dst Details) error {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	err := dec.Decode(dst)
	var typeErr *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &typeErr) && typeErr.Field == "":
		return apperr.FieldErrorf("details", "Les informations du produit doivent être un objet JSON.")
	case errors.As(err, &typeErr):
		field := "details." + jsonPath(typeErr.Field)
		return apperr.FieldErrorf(field, "Le champ «\u00a0%s\u00a0» n’a pas le bon type.", field)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return apperr.FieldErrorf("details", "Le champ «\u00a0%s\u00a0» ne concerne pas ce produit.", name)
	default:
		return apperr.FieldErrorf("details", "Les informations du produit ne sont pas un JSON valide.")
	}
}

// jsonPath drops from a decoding error's path the Go names of embedded
// structs ("Vehicle.brand"): the site knows fields by their JSON names,
// which all start in lower case.
func jsonPath(path string) string {
	parts := strings.Split(path, ".")
	parts = slices.DeleteFunc(parts, func(p string) bool { return p != "" && unicode.IsUpper([]rune(p)[0]) })
	return strings.Join(parts, ".")
}

// contact requires a known method, and a valid phone number when the
// client asks to be called; a number given with e-mail is kept, checked.
func (c *checker) contact(ct *Contact) {
	c.choice("contact.method", &ct.Method, listContactMethod, "comment vous souhaitez être recontacté")
	ct.Phone = strings.TrimSpace(ct.Phone)
	if ct.Phone == "" {
		if ct.Method == ContactPhone {
			c.fail("contact.phone", "Indiquez le numéro auquel vous rappeler.")
		}
		return
	}
	phone, ok := input.Phone(ct.Phone)
	if !ok {
		c.fail("contact.phone", "Saisissez un numéro de téléphone valide, par exemple 06 39 98 12 34.")
		return
	}
	ct.Phone = phone
}
