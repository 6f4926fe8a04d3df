/**
 * XSS corpus for api/xss-corpus.test.ts: classic and less classic ways to get script into a page, a feed or a
 * calendar. Every payload that would run something calls `xss(…)` (or carries "xss"), so a script body that
 * contains the marker can only have come from here. Sources: the OWASP XSS filter evasion cheat sheet, PortSwigger's
 * XSS cheat sheet, the DOMPurify and sanitize-html bug trackers (mutation XSS), RFC 5545 and RSS quirks.
 */

export type Payload = { name: string; text: string };

const p = (name: string, text: string): Payload => ({ name, text });

/** Markup payloads: for HTML bodies and every text field. */
export const MARKUP: Payload[] = [
  // Script elements.
  p("script tag", "<script>xss(1)</script>"),
  p("script tag, upper case, remote src", "<SCRIPT SRC=//evil.example/xss.js></SCRIPT>"),
  p("script with data: src", '<script src="data:text/javascript,xss(2)"></script>'),
  p("nested script tags", "<scr<script>ipt>xss(3)</scr</script>ipt>"),
  p("script split by a comment", "<script>/*</script><script>xss(4)//*/</script>"),
  p("closing script first (JSON-LD breakout)", "</script><script>xss(5)</script>"),
  p("module script", '<script type="module">xss(6)</script>'),
  p("script with odd attributes", "<script ~~~>xss(7)</script ~~~>"),
  p("double open bracket", "<<script>xss(8);//<</script>"),
  p("script without closing tag", "<script>xss(9)"),
  p("script with slash attribute", '<script/xss src="//evil.example/x.js"></script>'),

  // Event handlers.
  p("img onerror", "<img src=x onerror=xss(10)>"),
  p("img onerror quoted", '<img src="x" onerror="xss(11)">'),
  p("img onerror upper case", "<IMG SRC=x ONERROR=xss(12)>"),
  p("img slashes as spaces", "<img/src/onerror=xss(13)>"),
  p("img onerror from its own src", "<img src=x:xss(14) onerror=eval(src)>"),
  p("img onerror with entities", "<img src=x alt=xss15 onerror=&#x78;&#x73;&#x73;&#x28;&#x31;&#x35;&#x29;>"),
  p("svg onload", "<svg onload=xss(16)>"),
  p("svg/onload", "<svg/onload=xss(17)>"),
  p("body onload", "<body onload=xss(18)>"),
  p("body onpageshow", "<body onpageshow=xss(19)>"),
  p("details ontoggle", "<details open ontoggle=xss(20)>"),
  p("input autofocus onfocus", "<input autofocus onfocus=xss(21)>"),
  p("select autofocus onfocus", "<select autofocus onfocus=xss(22)></select>"),
  p("textarea autofocus onfocus", "<textarea autofocus onfocus=xss(23)></textarea>"),
  p("marquee onstart", "<marquee onstart=xss(24)>défile</marquee>"),
  p("video source onerror", "<video><source onerror=xss(25)></video>"),
  p("audio onerror", "<audio src=x onerror=xss(26)></audio>"),
  p("p onmouseover", "<p onmouseover=xss(27)>survol</p>"),
  p("a onclick", '<a onclick="xss(28)" href="#">clic</a>'),
  p("css animation handler", "<x onanimationstart=xss(29) style=animation-name:spin></x>"),
  p("pointer handler", '<div style="position:fixed;inset:0" onpointerenter=xss(30)></div>'),
  p("handler after a vertical tab", "<img src=x onerror\x0b=xss(31)>"),
  p("handler glued to a quoted attribute", '<a href="https://example.org/"onclick="xss(32)">t</a>'),
  p("object onerror", "<object data=x onerror=xss(33)></object>"),
  p("frameset onload", "<frameset onload=xss(34)>"),

  // URLs with script schemes, entity and whitespace tricks.
  p("javascript: href", '<a href="javascript:xss(35)">a</a>'),
  p("javascript: mixed case", '<a href="JaVaScRiPt:xss(36)">a</a>'),
  p("javascript: leading space", '<a href=" javascript:xss(37)">a</a>'),
  p("javascript: tab inside", '<a href="java\tscript:xss(38)">a</a>'),
  p("javascript: encoded tab", '<a href="java&#x09;script:xss(39)">a</a>'),
  p("javascript: encoded newline", '<a href="java&#10;script:xss(40)">a</a>'),
  p("javascript: encoded carriage return", '<a href="jav&#x0D;ascript:xss(41)">a</a>'),
  p("javascript: decimal entities", '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;xss(42)">a</a>'),
  p("javascript: hex entities", '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;xss(43)">a</a>'),
  p("javascript: zero padded entity", '<a href="&#0000106avascript:xss(44)">a</a>'),
  p("javascript: named colon", '<a href="javascript&colon;xss(45)">a</a>'),
  p("javascript: colon entity without semicolon", '<a href="javascript&#58xss(46)">a</a>'),
  p("javascript: control character first", '<a href="\x01javascript:xss(47)">a</a>'),
  p("javascript: encoded space first", '<a href="&#x20;javascript:xss(48)">a</a>'),
  p("javascript: comment and newline", '<a href="javascript://%0Axss(49)">a</a>'),
  p("javascript: one letter entity", '<a href="javas&#99;ript:xss(50)">a</a>'),
  p("vbscript:", '<a href="vbscript:msgbox(51)">xss</a>'),
  p("VBSCRIPT: upper case", '<a href="VBSCRIPT:xss(52)">a</a>'),
  p("livescript:", '<a href="livescript:xss(53)">a</a>'),
  p("data: html base64", '<a href="data:text/html;base64,PHNjcmlwdD54c3MoNTQpPC9zY3JpcHQ+">xss54</a>'),
  p("data: html plain", '<a href="data:text/html,<script>xss(55)</script>">a</a>'),
  p("data: svg image", '<img src="data:image/svg+xml,<svg onload=xss(56)>">'),
  p("img javascript: src", '<img src="javascript:xss(57)">'),
  p("iframe javascript: src", '<iframe src="javascript:xss(58)"></iframe>'),
  p("form action", '<form action="javascript:xss(59)"><button>envoyer</button></form>'),
  p("button formaction", '<button formaction="javascript:xss(60)">envoyer</button>'),
  p("embed javascript:", '<embed src="javascript:xss(61)">'),
  p("object data: html", '<object data="data:text/html,<script>xss(62)</script>"></object>'),
  p("base href", '<base href="javascript:xss(63)//">'),
  p("meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:xss(64)">'),
  p("link import", '<link rel="import" href="data:text/html,<script>xss(65)</script>">'),
  p("protocol-relative href", '<a href="//evil.example/xss">a</a>'),
  p("backslash protocol-relative href", '<a href="/\\evil.example/xss">a</a>'),

  // SVG and MathML.
  p("svg script", "<svg><script>xss(66)</script></svg>"),
  p("svg xlink:href", '<svg><a xlink:href="javascript:xss(67)"><text x="20" y="20">clic</text></a></svg>'),
  p("svg animate onbegin", "<svg><animate onbegin=xss(68) attributeName=x dur=1s></svg>"),
  p("svg set href", '<svg><a><set attributeName="href" to="javascript:xss(69)"/><text x="20" y="20">clic</text></a></svg>'),
  p("svg animate values", "<svg><a><animate attributeName=href values=javascript:xss(70) /><text x=20 y=20>clic</text></a></svg>"),
  p("svg use data:", `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='xss(71)'/></svg>#x"/></svg>`),
  p("svg foreignObject iframe", '<svg><foreignObject><iframe srcdoc="<script>xss(72)</script>"></iframe></foreignObject></svg>'),
  p("svg style breakout", "<svg><style><img src=x onerror=xss(73)></style></svg>"),
  p("svg title script", "<svg><title><script>xss(74)</script></title></svg>"),
  p("svg CDATA", "<svg><desc><![CDATA[</desc><script>xss(75)</script>]]></desc></svg>"),
  p("math href", '<math href="javascript:xss(76)">clic</math>'),
  p("math maction", '<math><maction actiontype="statusline" xlink:href="javascript:xss(77)">x</maction></math>'),
  p("math mglyph style", "<math><mtext><table><mglyph><style><img src=x onerror=xss(78)>"),

  // Mutation XSS: markup a sanitizer and a browser parse differently.
  p("noscript title", '<noscript><p title="</noscript><img src=x onerror=xss(79)>">'),
  p("math textarea path", '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=xss(80) src=1>">'),
  p("form math style", "<form><math><mtext></form><form><mglyph><style></math><img src onerror=xss(81)>"),
  p("svg p style", '<svg></p><style><a id="</style><img src=1 onerror=xss(82)>">'),
  p("style in style", "<style><style/><img src=x onerror=xss(83)>"),
  p("xmp title", '<xmp><p title="</xmp><img src=x onerror=xss(84)>">'),
  p("iframe title", '<iframe><p title="</iframe><img src=x onerror=xss(85)>">'),
  p("noembed title", '<noembed><p title="</noembed><img src=x onerror=xss(86)>">'),
  p("noframes title", '<noframes><p title="</noframes><img src=x onerror=xss(87)>">'),
  p("plaintext", "<plaintext><img src=x onerror=xss(88)>"),
  p("template", "<template><img src=x onerror=xss(89)></template>"),
  p("select template", "<select><template><img src=x onerror=xss(90)></template></select>"),
  p("comment breakout", '<!--<img src="--><img src=x onerror=xss(91)//">'),
  p("CDATA in HTML", "<![CDATA[><img src=x onerror=xss(92)>]]>"),
  p("processing instruction", "<?xml ><img src=x onerror=xss(93)>?>"),
  p("escaped markup in a title attribute", '<a href="https://example.org/" title="&lt;/a&gt;&lt;img src=x onerror=xss(94)&gt;">t</a>'),

  // Entity tricks and breakouts of the contexts a field lands in.
  p("escaped script stays text", "&lt;script&gt;xss(95)&lt;/script&gt;"),
  p("numeric entities of a tag", "&#60;img src=x onerror=xss(96)&#62;"),
  p("double escaped", "&amp;lt;script&amp;gt;xss(97)&amp;lt;/script&amp;gt;"),
  p("JSON unicode escapes", "\\u003cscript\\u003exss(98)\\u003c/script\\u003e"),
  p("percent encoded", "%3Cscript%3Exss(99)%3C/script%3E"),
  p("attribute breakout, double quote", '"><img src=x onerror=xss(100)>'),
  p("attribute breakout, single quote", "'><img src=x onerror=xss(101)>"),
  p("attribute breakout, backtick", "`><img src=x onerror=xss(102)>"),
  p("title breakout", "</title><img src=x onerror=xss(103)>"),
  p("textarea breakout", "</textarea><img src=x onerror=xss(104)>"),
  p("style breakout", "</style><img src=x onerror=xss(105)>"),
  p("CDATA breakout (RSS)", "]]><img src=x onerror=xss(106)>"),
  p("feed element breakout", "]]></content:encoded><script>xss(107)</script>"),
  p("comment close", "--><img src=x onerror=xss(108)>"),
  p("quote in an href", '<a href="https://example.org/&quot;onmouseover=&quot;xss(109)">t</a>'),

  // Style expressions.
  p("style url javascript:", '<p style="background:url(javascript:xss(110))">fond</p>'),
  p("style expression", '<div style="width:expression(xss(111))">large</div>'),
  p("style @import", '<style>@import "javascript:xss(112)";</style>'),
  p("style behavior", "<style>body{behavior:url(xss113.htc)}</style>"),
  p("style -moz-binding", '<p style="-moz-binding:url(https://evil.example/x.xml#xss114)">lien</p>'),
  p("stylesheet javascript:", '<link rel="stylesheet" href="javascript:xss(115)">'),

  // iframe srcdoc and other documents in a document.
  p("iframe srcdoc", '<iframe srcdoc="<script>xss(116)</script>"></iframe>'),
  p("iframe srcdoc escaped", '<iframe srcdoc="&lt;img src=x onerror=xss(117)&gt;"></iframe>'),
  p("iframe remote", '<iframe src="https://evil.example/xss118"></iframe>'),
  p("embed data:", '<embed src="data:text/html,<script>xss(119)</script>">'),
  p("portal", '<portal src="https://evil.example/xss120"></portal>'),

  // Broken and unusual tags.
  p("unclosed img", "<img src=x onerror=xss(121)"),
  p("img with empty quotes", '<img """><script>xss(122)</script>">'),
  p("unclosed a", '<a href="javascript:xss(123)"'),
  p("double brackets", "<<img src=x onerror=xss(124)>>"),
  p("backtick src", "<img src=`x`onerror=xss(125)>"),
  p("newlines in a tag", "<img\nsrc=x\nonerror=xss(126)>"),
  p("tag inside a tag", "<div <img src=x onerror=xss(127)>"),
  p("p with slash handler", "<p/onclick=xss(128)>t"),
  p("svg p style img", "<svg><p><style><img src=x onerror=xss(129)>"),
  p("null byte in tag name", "<scr\u0000ipt>xss(130)</scr\u0000ipt>"),
];

/** Values for fields that become an href (media external URL, social links): the API must refuse or the site drop. */
export const URLS: Payload[] = [
  p("javascript: URL", "javascript:xss(131)"),
  p("javascript: URL upper case", "JAVASCRIPT:xss(132)"),
  p("javascript: URL leading space", " javascript:xss(133)"),
  p("javascript: URL with tab", "java\tscript:xss(134)"),
  p("javascript: URL with entities", "&#106;avascript:xss(135)"),
  p("data: URL", "data:text/html,<script>xss(136)</script>"),
  p("vbscript: URL", "vbscript:msgbox(137)'xss"),
  p("protocol-relative URL", "//evil.example/xss138"),
  p("https then javascript:", "https:javascript:xss(139)"),
  p("https with an attribute breakout", 'https://example.org/"><script>xss(140)</script>'),
  p("https with a handler breakout", 'https://example.org/?a="onmouseover="xss(141)'),
  p("https with markup in the fragment", "https://example.org/#<img src=x onerror=xss(142)>"),
  p("https with a quote-less breakout", "https://example.org/'onfocus='xss(143)'autofocus='"),
];

/** Every payload of the corpus. */
export const CORPUS: Payload[] = [...MARKUP, ...URLS];

/**
 * Packs payloads into strings of at most `max` characters, in order, each payload whole: short fields (titles,
 * names, keywords) get as many as fit, so every payload goes through every field with a few items.
 */
export function pack(payloads: readonly Payload[], max: number, separator = " "): string[] {
  const out: string[] = [];
  let current = "";
  for (const { text } of payloads) {
    if (text.length > max) continue;
    const next = current ? `${current}${separator}${text}` : text;
    if (next.length > max) {
      out.push(current);
      current = text;
    } else current = next;
  }
  if (current) out.push(current);
  return out;
}
