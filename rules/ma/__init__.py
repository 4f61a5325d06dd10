"""Massachusetts election law: one package per statute (Mass. Gen. Laws), plus what is
Commonwealth-wide — legal holidays and the c. 4 § 9 roll (`holidays`)."""

#: The order the statutes' rules are listed in (see `rules.md.STATUTES`).
STATUTES = ("c53_s14",)
