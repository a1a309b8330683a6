"""Words people use for the things of a plumbing or renovation business, and their record words.

Everything here is folded (lower case, no accents). ``SYNONYMS`` maps a word or a phrase said in
a question to the words the records use; the lexical leg searches for both. The entries are
general Spanish trade vocabulary and colloquial forms ("furgo", "pelu", "presu"), collected from
the dev sets (``search/eval/search_dev.jsonl``, ``search_dev_b.jsonl``) and from the knowledge
lexicon; no entry names a particular customer or supplier. ``ROLE_NOUNS`` are the words that
name a business or a trade ("la gestoría", "el proveedor de…"): a question led by one of them
asks for a contact.
"""

from __future__ import annotations

from collections.abc import Mapping


def wordlist(text: str) -> list[str]:
    return text.split()


SYNONYMS: Mapping[str, str] = {
    # Insurance, advisers.
    "poliza": "seguro",
    "polizas": "seguro",
    "seguro": "poliza",
    "aseguradora": "seguro poliza mutua",
    # What the liability insurance covers, said plainly.
    "danos a terceros": "responsabilidad civil seguro",
    "desperfectos": "responsabilidad civil seguro",
    "si rompemos": "responsabilidad civil seguro",
    "si rompo": "responsabilidad civil seguro",
    "si rompe": "responsabilidad civil seguro",
    "asesor": "gestoria asesoria",
    "asesora": "gestoria asesoria",
    "asesoria": "gestoria",
    "gestor": "gestoria asesoria",
    "gestora": "gestoria asesoria",
    "gestoria": "asesoria",
    "lleva los papeles": "gestoria asesoria",
    "papeleo": "gestoria asesoria",
    "contable": "gestoria asesoria",
    # Vehicles and fuel.
    "furgo": "furgoneta",
    "furgos": "furgoneta",
    "gasoil": "gasoleo combustible",
    "gasoleo": "combustible gasoil",
    "diesel": "gasoleo combustible",
    "combustible": "gasoleo gasolina",
    "gasolina": "combustible",
    "leasing": "renting",
    "renting": "leasing",
    # Businesses and trades said colloquially.
    "pelu": "peluqueria",
    "peluquero": "peluqueria",
    "peluquera": "peluqueria",
    "botica": "farmacia",
    "farmaceutico": "farmacia",
    "farmaceutica": "farmacia",
    "odontologo": "dental dentista clinica",
    "odontologa": "dental dentista clinica",
    "dentista": "dental clinica",
    "guarderia": "infantil escuela colegio",
    # Clipped forms, as "pelu" and "cole".
    "guarde": "guarderia infantil escuela colegio",
    "ferre": "ferreteria",
    "farma": "farmacia",
    "inmo": "inmobiliaria",
    "cole": "colegio",
    "horno de pan": "panaderia",
    "panadero": "panaderia",
    "panadera": "panaderia",
    "mecanico": "taller talleres",
    "taller": "talleres",
    "constructora": "construcciones",
    "mayorista": "distribuciones distribuidor almacen",
    "distribuidor": "distribuciones",
    "almacen": "distribuidor",
    "gasista": "instalador gas",
    "fontanero": "fontaneria",
    # Materials and work.
    "termo": "calentador",
    "termos": "calentador",
    "calentador": "termo",
    "teflon": "cinta roscas",
    "sellar roscas": "teflon",
    "cinta de fontanero": "teflon",
    "masilla": "silicona sellador",
    "roscas": "teflon",
    "recambios": "repuesto piezas",
    "recambio": "repuesto piezas",
    "repuesto": "recambios",
    "repuestos": "recambios",
    "piezas": "recambios",
    "tubos": "tuberia",
    "tubo": "tuberia",
    "caneria": "tuberia",
    "canerias": "tuberia",
    "racores": "accesorios",
    "racor": "accesorios",
    "baldosas": "azulejo",
    "baldosa": "azulejo",
    "stillson": "llave grifa",
    "llave inglesa": "llave grifa",
    "calefaccion": "radiadores caldera",
    "radiador": "radiadores",
    "purgar": "purgado",
    "vater": "inodoro cisterna",
    "water": "inodoro cisterna",
    "wc": "inodoro cisterna",
    "cambio": "sustitucion",
    "cambiar": "sustitucion",
    "cambiamos": "sustitucion",
    "cambiado": "sustitucion",
    "atasco": "desatasco",
    "atascado": "desatasco",
    "desatascar": "desatasco",
    "goteo": "fuga",
    "movil": "telefonia linea",
    "telefono": "telefonia linea movil",
    "datos": "linea",
    "email": "correo",
    "mail": "correo",
    "papel": "impresa",
    # Time off and urgent work.
    "domingo": "urgencias fin semana",
    "domingos": "urgencias fin semana",
    "festivo": "urgencias fin semana",
    "festivos": "urgencias fin semana",
    "finde": "fin semana urgencias",
    "fin de semana": "urgencias",
    "guardia": "urgencias",
    "salida": "desplazamiento urgencias",
    "cobra de mas": "recargo",
    "cobran de mas": "recargo",
    "cobrar de mas": "recargo",
    "cobramos de mas": "recargo",
    "oficial": "mano obra hora",
    "oficiales": "mano obra hora oficial",
    "ayudante": "mano obra",
    "cada tres meses": "trimestral",
    "cada seis meses": "semestral",
    "cada mes": "mensual",
    # Design work.
    "logo": "logotipo",
    "diseno de marca": "identidad visual logotipo",
    "imagen de marca": "identidad visual logotipo",
    "imagen corporativa": "identidad visual logotipo",
    "branding": "identidad visual logotipo",
    # Taxes.
    "desgravar": "deducible deducir",
    "desgravarlos": "deducible deducir",
    "desgravo": "deducible deducir",
    "desgrava": "deducible deducir",
    "deducir": "deducible",
    # Abbreviations of the record words.
    "presu": "presupuesto",
    "presus": "presupuesto",
    "fra": "factura",
    "fras": "factura",
    "fact": "factura",
}

# Words that name a business, a trade or a role someone plays for the business.
ROLE_NOUNS = frozenset(
    wordlist(
        """
    gestoria gestor gestora asesor asesora asesoria contable aseguradora mutua
    proveedor proveedora proveedores almacen mayorista distribuidor distribuidora suministrador
    fabricante tienda ferreteria
    pelu peluqueria peluquero peluquera botica farmacia farmaceutico odontologo odontologa
    dentista clinica guarderia guarde colegio cole escuela ferre farma inmo academia autoescuela
    panaderia horno panadero
    gimnasio inmobiliaria lavanderia taller talleres mecanico constructora editorial fruteria
    cafeteria bar hotel hostal residencia comunidad hospital banco notario abogado
    electricista carpintero cerrajero pintor albanil gasista fontanero cliente clienta
    empresa compania telefonica operadora
    """
    )
)
