# Слова столу (усі ігри): українська.
table-player-number = Гравець { $number }
table-choose-move = Оберіть хід
table-bot-name = { $level } { $dog }
table-bot-random = Випадковий
table-bot-greedy = Жадібний
table-bot-easy = Легкий
table-bot-medium = Середній
table-bot-hard = Складний
table-opened = Відкрито новий стіл гри «{ $game }»: місць — { $seats } ({ $bots ->
        [0] без ботів
        [one] { $bots } бот
        [few] { $bots } боти
       *[other] { $bots } ботів
    }).
table-seat-claimed = { $player } займає місце.
table-abandoned-unfilled = Ніхто не заповнив стіл за { $seconds ->
        [one] { $seconds } секунду
        [few] { $seconds } секунди
       *[other] { $seconds } секунд
    }: гру покинуто.
table-abandoned-too-long = Гра досягла { $limit } подій, і її покинуто.
table-seed-revealed = Таємне зерно розкрито: тепер кожен може перевірити гру.
table-clock-started = Годинник гравця { $player } іде: на рішення { $seconds ->
        [one] { $seconds } секунда
        [few] { $seconds } секунди
       *[other] { $seconds } секунд
    }.
table-clock-stopped = Годинник гравця { $player } зупинено; лишилося { $seconds ->
        [one] { $seconds } секунда
        [few] { $seconds } секунди
       *[other] { $seconds } секунд
    }.
table-clock-expired = У гравця { $player } скінчився час: цей хід вирішує бот.
table-seat-absent = { $player } не встиг походити { $times ->
        [one] { $times } раз
        [few] { $times } рази поспіль
       *[other] { $times } разів поспіль
    }: бот грає замість нього, доки він не повернеться.
table-seat-returned = { $player } повернувся.
table-seat-resigned = { $player } здається: далі за нього грає бот, а він посідає останнє місце.
table-seat-forfeited = { $player } програє через час: далі за нього грає бот, і перемогти він не може.
table-vacation-started = { $player } у відпустці: годинник гравця зупинено щонайбільше на { $days ->
        [one] { $days } день
        [few] { $days } дні
       *[other] { $days } днів
    }.
table-vacation-ended = { $player } повернувся з відпустки: годинник гравця знову йде.
table-bot-replaced = Бот гравця { $player } схибив { $failures ->
        [one] { $failures } раз
        [few] { $failures } рази поспіль
       *[other] { $failures } разів поспіль
    }: відтепер замість нього грає { $fallback }.
table-winners = { $count ->
        [one] Переможець: { $winners }
       *[other] Переможці: { $winners }
    }
table-undo = Скасувати { $moves ->
        [one] свій останній хід
        [few] свої останні { $moves } ходи
       *[other] свої останні { $moves } ходів
    }
table-undone = { $player } скасовує ходи: гра повертається до версії { $version }.
table-undo-asked = { $player } просить скасувати ходи до версії { $version }: усі інші гравці мають погодитися.
table-undo-accepted = { $player } погоджується скасувати.
table-undo-declined = { $player } відмовляється скасувати.
table-undo-accept = Погодитися на скасування ходів гравця { $player } (до версії { $version })
table-undo-decline = Відмовити гравцю { $player } у скасуванні ходів
