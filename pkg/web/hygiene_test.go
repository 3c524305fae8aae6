package web

import (
	"encoding/json"
	"strings"
	"testing"
)

// jsonOf encodes v as a request body; Go strings with invisible
// characters travel as raw UTF-8, as a browser sends them.
func jsonOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// TestContentTypeScenarios: a JSON body is taken only as application/json,
// parameters allowed, whatever the case of the media type.
func TestContentTypeScenarios(t *testing.T) {
	login := `{"email":"client@exemple.fr","password":"` + goodPassword + `"}`
	ok := func(ctype string) apiScenario {
		return apiScenario{name: "accepts " + ctype, method: "POST", path: "/api/auth/login", body: login, ctype: ctype, status: 200, contains: []string{`"email":"client@exemple.fr"`}}
	}
	refused := func(ctype string) apiScenario {
		return apiScenario{name: "refuses " + ctype, method: "POST", path: "/api/auth/login", body: login, ctype: ctype, status: 400,
			contains: []string{"Le corps de la requête doit être du JSON (Content-Type: application/json)."}}
	}
	runScenarios(t, []apiScenario{
		ok("application/json"),
		ok("application/json; charset=utf-8"),
		ok("application/json;charset=UTF-8"),
		ok("Application/JSON"),
		refused("application/jsonx"),
		refused("application/json-patch"),
		refused("application/json-patch+json"),
		refused("application/json5"),
		refused("text/plain"),
		refused("text/json"),
		refused("application/x-www-form-urlencoded"),
		refused("multipart/form-data; boundary=x"),
		refused("application/json, text/plain"),
		refused("application/json; charset"),
		refused(";"),
	})
}

// TestInputHygieneScenarios: every free-text field of the API follows the
// rules of pkg/input, and e-mail addresses refuse look-alikes.
func TestInputHygieneScenarios(t *testing.T) {
	reg := func(name string, body map[string]string, status int, field string, has ...string) apiScenario {
		body["password"] = goodPassword
		return apiScenario{name: name, method: "POST", path: "/api/auth/register", body: jsonOf(body), status: status, field: field, contains: has}
	}
	patch := func(name string, body map[string]string, status int, field string, has ...string) apiScenario {
		return apiScenario{name: name, as: "client", method: "PATCH", path: "/api/profile", body: jsonOf(body), status: status, field: field, contains: has}
	}
	quote := func(name, product string, details map[string]any, message string, status int, field string, has ...string) apiScenario {
		body := jsonOf(map[string]any{"product": product, "details": details, "contact": map[string]string{"method": "email"}, "message": message})
		return apiScenario{name: name, as: "client", method: "POST", path: "/api/quotes", body: body, status: status, field: field, contains: has}
	}
	car := func(model string) map[string]any {
		return map[string]any{"brand": "peugeot", "model": model, "year": 2019, "energy": "essence", "usage": "prive", "licenceYear": 2010, "cover": "tiers-etendu"}
	}
	pro := func(activity string) map[string]any {
		return map[string]any{"activity": activity, "legalStatus": "micro-entreprise", "turnover": "lt-50k", "employees": 0}
	}
	const disguised = "contient des caractères non autorisés"
	const lookAlike = "caractères invisibles ou qui en imitent d’autres"
	runScenarios(t, []apiScenario{
		reg("name trimmed of invisible blanks", map[string]string{"email": "z@exemple.fr", "displayName": "\u200bZoé\u00a0"}, 201, "", `"displayName":"Zoé"`),
		reg("name in NFC", map[string]string{"email": "z@exemple.fr", "displayName": "Zoe\u0301"}, 201, "", `"displayName":"Zoé"`),
		reg("name of blanks is no name", map[string]string{"email": "zoe@exemple.fr", "displayName": "\u200b\u00a0\u3164"}, 201, "", `"displayName":"zoe"`),
		reg("name with an emoji sequence", map[string]string{"email": "z@exemple.fr", "displayName": "Zoé 👩\u200d💻"}, 201, "", "Zoé 👩\u200d💻"),
		reg("name with a zero width space", map[string]string{"email": "z@exemple.fr", "displayName": "Zo\u200bé"}, 400, "displayName", "Le nom affiché "+disguised+"."),
		reg("name with a joiner between letters", map[string]string{"email": "z@exemple.fr", "displayName": "Zo\u200dé"}, 400, "displayName", disguised),
		reg("name with a bidi isolate", map[string]string{"email": "z@exemple.fr", "displayName": "Zoé\u2067"}, 400, "displayName", disguised),
		reg("name with an Arabic letter mark", map[string]string{"email": "z@exemple.fr", "displayName": "\u061cZoé"}, 400, "displayName", disguised),
		reg("name with invalid UTF-8", map[string]string{"email": "z@exemple.fr", "displayName": "Zo\xffé"}, 400, "displayName", disguised),
		reg("full-width e-mail", map[string]string{"email": "ａｄｍｉｎ@exemple.fr"}, 400, "email", lookAlike),
		reg("ligature in the e-mail", map[string]string{"email": "oﬃce@exemple.fr"}, 400, "email", lookAlike),
		reg("zero width space in the e-mail", map[string]string{"email": "ad\u200bmin@exemple.fr"}, 400, "email", lookAlike),
		reg("e-mail of blanks", map[string]string{"email": "\u200b\u00a0"}, 400, "email", "Saisissez votre adresse e-mail."),
		reg("e-mail in NFC", map[string]string{"email": "JOSE\u0301@exemple.fr"}, 201, "", `"email":"josé@exemple.fr"`),
		{name: "sign-in with a full-width e-mail", method: "POST", path: "/api/auth/login", body: jsonOf(map[string]string{"email": "ｃｌｉｅｎｔ@exemple.fr", "password": goodPassword}),
			status: 400, field: "email", contains: []string{lookAlike}},
		patch("profile name with a bidi override", map[string]string{"displayName": "x\u202e"}, 400, "displayName", disguised),
		patch("profile name in NFC", map[string]string{"displayName": "Le\u0301a"}, 200, "", `"displayName":"Léa"`),
		patch("profile e-mail look-alike", map[string]string{"email": "ｃｌｉｅｎｔ@exemple.fr", "currentPassword": goodPassword}, 400, "email", lookAlike),
		quote("quote model with a zero width space", "car", car("20\u200b8"), "", 400, "details.model", "Ce texte "+disguised+"."),
		quote("quote model of blanks", "car", car("\u200b\u00a0"), "", 400, "details.model", "Indiquez le modèle du véhicule."),
		quote("quote model in NFC", "car", car("Me\u0301gane"), "", 201, "", `"model":"Mégane"`),
		quote("quote activity of NBSP", "pro", pro("\u00a0\u00a0"), "", 400, "details.activity", "Indiquez votre activité."),
		quote("quote message with a bidi override", "car", car("208"), "Rappelez-moi\u202e", 400, "message", disguised),
		quote("quote message of blanks is no message", "car", car("208"), "\u200b\u00a0\n", 201, "", `"message":""`),
	})
}

// TestChatHygieneScenarios: chat messages follow the same rules.
func TestChatHygieneScenarios(t *testing.T) {
	messages := "/api/chat/conversations/{id}/messages"
	send := func(name, text string, status int, has ...string) apiScenario {
		return apiScenario{name: name, method: "POST", path: messages, body: jsonOf(chatMessageRequest{Text: text}), status: status, contains: has}
	}
	tests := []apiScenario{
		send("blanks only", "\u200b\u00a0\u3164", 400, "Écrivez un message avant de l’envoyer.", `"field":"text"`),
		send("bidi override", "bonjour\u202e", 400, "Votre message contient des caractères non autorisés.", `"field":"text"`),
		send("zero width space inside", "bon\u200bjour", 400, "caractères non autorisés"),
		send("emoji sequence", "👩\u200d💻 une assurance pour ma voiture ?", 200, "👩\u200d💻 une assurance", `"intent":"auto"`),
		send("NFC", "Une assurance sante\u0301 ?", 200, "Une assurance santé ?"),
		{name: "invalid UTF-8", method: "POST", path: messages, body: "{\"text\":\"bon\xffjour\"}", status: 400, contains: []string{"caractères non autorisés"}},
		{name: "JSON-like content type", method: "POST", path: messages, body: jsonOf(chatMessageRequest{Text: "bonjour"}),
			headers: map[string]string{"Content-Type": "application/jsonx"}, status: 400, contains: []string{"Content-Type: application/json"}},
	}
	for _, sc := range tests {
		t.Run(sc.name, func(t *testing.T) {
			env := newAPI(t)
			id := env.startChat(t, "")
			sc.path = strings.ReplaceAll(sc.path, "{id}", id)
			sc.run(t, env.h, nil)
		})
	}
}
